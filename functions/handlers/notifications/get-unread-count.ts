import * as notificationEndpoints from '../../../shared/contract/notifications';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { unreadOf } from '../../notifications/reads';

/**
 * The busiest route (every open tab polls it): one bounded Query of the person's own partition, the
 * notifications after their mark-all-read marker (docs/decisions/102), besides the session load.
 */
export const handler = defineRoute(notificationEndpoints.unreadCount, async ({ session }) =>
  ok({ count: (await unreadOf(session.user.id, session.user.notificationsReadUpTo)).count }),
);
