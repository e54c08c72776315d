import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { markAllNotificationsRead } from '../../notifications/writes';

/** POST /api/notifications/mark-all-read: moves the person's marker, whatever their number of notifications (docs/decisions/102). */
export const handler = defineRoute(notificationEndpoints.markAllRead, async ({ session }) =>
  ok({ count: await markAllNotificationsRead(session.user.orgId, session.user.id, session.user.notificationsReadUpTo) }),
);
