import * as authEndpoints from '../../../shared/contract/auth';
import { deleteSession } from '../../sessions/sessions';
import { actorOf, auditPut, userTarget } from '../../audit-log/entries';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { clearedSessionCookies } from '../../security/cookie';

/** Ends the session for good: the stored item goes, so replaying the old cookie is 401. */
export const handler = defineRoute(authEndpoints.logout, async (request) => {
  const { session } = request;
  if (session) {
    const signedOut = auditPut(session.org.id, { action: 'session.signed_out', actor: actorOf(session.user), target: userTarget(session.user) }, auditClient(request));
    await deleteSession(session.user.id, session.session.id, signedOut);
  }
  return ok({ message: 'Logged out' }, { cookies: clearedSessionCookies() });
});
