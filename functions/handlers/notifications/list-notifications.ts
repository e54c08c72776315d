import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toNotificationResponse } from '../../notifications/item';
import { listNotificationsOfUser } from '../../notifications/reads';

export const handler = defineRoute(notificationEndpoints.list, async ({ session }) => {
  const items = await listNotificationsOfUser(session.user.id);
  return ok(items.map((item) => toNotificationResponse(item, session.user.notificationsReadUpTo)));
});
