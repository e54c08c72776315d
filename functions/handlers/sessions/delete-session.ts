import * as sessionEndpoints from '../../../shared/contract/sessions';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { clearedSessionCookies } from '../../security/cookie';
import { deleteOwnSession } from '../../sessions/writes';

/**
 * DELETE /api/user/sessions/{id}: ends one of the caller's own sessions. The key uses the session's
 * user, so another person's session id is simply not found. Ending the current one signs this browser out.
 */
export const handler = defineRoute(sessionEndpoints.remove, async ({ params, session }) => {
  if (!(await deleteOwnSession(session.user.id, params.id))) throw new NotFound('Session not found');
  const current = params.id === session.session.id;
  return ok({ id: params.id }, current ? { cookies: clearedSessionCookies() } : undefined);
});
