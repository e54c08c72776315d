import { listNotificationsOfUser, toNotificationResponse } from '../../db/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

export const handler = defineRoute({ auth: 'required' }, async ({ session }) => {
  const items = await listNotificationsOfUser(session.user.id);
  return ok(items.map(toNotificationResponse));
});
