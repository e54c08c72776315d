import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * The busiest route (every open tab polls it): the counter lives on the user item, which the
 * session load has already read, so the answer costs no call beyond that one BatchGetItem.
 */
export const handler = defineRoute(notificationEndpoints.unreadCount, async ({ session }) =>
  ok({ count: Math.max(0, session.user.unreadCount ?? 0) }),
);
