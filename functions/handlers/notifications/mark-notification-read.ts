import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toNotificationResponse } from '../../notifications/item';
import { getNotification } from '../../notifications/reads';
import { markNotificationRead } from '../../notifications/writes';

export const handler = defineRoute(notificationEndpoints.markRead, async ({ session, params }) => {
  const notification = await getNotification(session.user.id, params.id);
  if (!notification.isRead) await markNotificationRead(session.user.orgId, session.user.id, notification.id);
  return ok(toNotificationResponse({ ...notification, isRead: true }));
});
