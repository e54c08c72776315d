import { notificationEndpoints } from '../../../shared/contract/notifications';
import { listNotificationsOfUser, toNotificationResponse } from '../../db/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute(notificationEndpoints.list, async ({ session }) => {
  const items = await listNotificationsOfUser(session.user.id);
  return ok(items.map(toNotificationResponse));
});
