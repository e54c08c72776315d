import { notificationCountResponse, notificationListResponse, notificationResponse } from '../schemas/notifications';
import { endpoint } from './endpoint';

// The signed-in user's notifications (spec section 7).

export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/notifications',
  auth: 'required',
  response: notificationListResponse,
});
/** Polled every 30 s by every open tab: passive, so the poll alone never keeps a session from going idle. */
export const unreadCount = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/notifications/unread/count',
  auth: 'required',
  passive: true,
  response: notificationCountResponse,
});
export const markRead = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/notifications/{id}/read',
  auth: 'required',
  response: notificationResponse,
});
/** Answers how many were marked. */
export const markAllRead = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/notifications/mark-all-read',
  auth: 'required',
  response: notificationCountResponse,
});
