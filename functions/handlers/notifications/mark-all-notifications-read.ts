import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { markAllNotificationsRead } from '../../notifications/writes';

/**
 * POST /api/notifications/mark-all-read: marks one bounded step (the newest 500 unread) and answers
 * how many; the fan-out marks the older ones, a step at a time (issue 62, item 6).
 */
export const handler = defineRoute(notificationEndpoints.markAllRead, async ({ session }) =>
  ok({ count: (await markAllNotificationsRead(session.user.orgId, session.user.id)).marked }),
);
