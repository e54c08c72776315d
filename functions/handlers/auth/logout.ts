import { authEndpoints } from '../../../shared/contract/auth';
import { deleteSession } from '../../db/sessions';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { clearedSessionCookies } from '../../session/cookie';

/** Ends the session for good: the stored item goes, so replaying the old cookie is 401. */
export const handler = defineRoute(authEndpoints.logout, async ({ session }) => {
  if (session) await deleteSession(session.user.id, session.session.id);
  return ok({ message: 'Logged out' }, { cookies: clearedSessionCookies() });
});
