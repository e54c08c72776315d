import * as notificationEndpoints from '../../../shared/contract/notifications';
import { listNotificationsOfUser } from '../../notifications/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toNotificationResponse } from '../../notifications/item';

export const handler = defineRoute(notificationEndpoints.list, async ({ session }) => {
  const items = await listNotificationsOfUser(session.user.id);
  return ok(items.map(toNotificationResponse));
});
