import * as notificationEndpoints from '../../../shared/contract/notifications';
import { transactWrite } from '../../db/transactions';
import { changeEventPut } from '../../events/change-event';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { markAllNotificationsRead } from '../../notifications/writes';

/**
 * POST /api/notifications/mark-all-read: marks one bounded step (the newest 500 unread) and answers
 * how many; an event has the fan-out mark the older ones, a step at a time (issue 62, item 6).
 */
export const handler = defineRoute(notificationEndpoints.markAllRead, async ({ session }) => {
  const { orgId, id: userId } = session.user;
  const { marked, continueAfter } = await markAllNotificationsRead(orgId, userId);
  if (continueAfter)
    await transactWrite(changeEventPut(orgId, [], undefined, undefined, { markAllRead: { userId, after: continueAfter } }));
  return ok({ count: marked });
});
