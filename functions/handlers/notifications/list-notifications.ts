import * as notificationEndpoints from '../../../shared/contract/notifications';
import { listNotificationsOfUser } from '../../db/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toNotificationResponse } from '../../entities/notification';

export const handler = defineRoute(notificationEndpoints.list, async ({ session }) => {
  const items = await listNotificationsOfUser(session.user.id);
  return ok(items.map(toNotificationResponse));
});
