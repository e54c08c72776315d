import * as sessionEndpoints from '../../../shared/contract/sessions';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { deleteSessionsOfUser } from '../../sessions/writes';

/** POST /api/user/sessions/revoke-others: ends every session of the caller but this one; answers how many. */
export const handler = defineRoute(sessionEndpoints.revokeOthers, async ({ session }) =>
  ok({ count: await deleteSessionsOfUser(session.user.id, session.session.id) }),
);
