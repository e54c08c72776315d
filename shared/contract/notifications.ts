import * as z from 'zod/mini';
import { notificationCountResponse, notificationResponse } from '../schemas/notifications';
import { endpoint } from './endpoint';

/** The signed-in user's notifications (spec section 7). */
export const notificationEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/notifications', auth: 'required', response: z.array(notificationResponse) }),
  unreadCount: endpoint({ method: 'GET', path: '/api/notifications/unread/count', auth: 'required', response: notificationCountResponse }),
  markRead: endpoint({ method: 'PATCH', path: '/api/notifications/{id}/read', auth: 'required', response: notificationResponse }),
  /** Answers how many were marked. */
  markAllRead: endpoint({ method: 'POST', path: '/api/notifications/mark-all-read', auth: 'required', response: notificationCountResponse }),
};
