import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isReadBy, toNotificationResponse } from '../../notifications/item';
import { getNotification } from '../../notifications/reads';
import { markNotificationRead } from '../../notifications/writes';

export const handler = defineRoute(notificationEndpoints.markRead, async ({ session, params }) => {
  const notification = await getNotification(session.user.id, params.id);
  if (!isReadBy(notification, session.user.notificationsReadUpTo)) await markNotificationRead(session.user.id, notification.id);
  return ok(toNotificationResponse({ ...notification, isRead: true }, session.user.notificationsReadUpTo));
});
