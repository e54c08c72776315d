import * as authEndpoints from '../../../shared/contract/auth';
import { auditPut, userTarget } from '../../audit-log/entries';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { clearedSessionCookies } from '../../security/cookie';
import { deleteSession } from '../../sessions/writes';

/** Ends the session for good: the stored item goes, so replaying the old cookie is 401. */
export const handler = defineRoute(authEndpoints.logout, async (request) => {
  const { session } = request;
  if (session) {
    const signedOut = auditPut(writeContext(session.user, request), {
      action: 'session.signed_out',
      target: userTarget(session.user),
    });
    await deleteSession(session.user.id, session.session.id, signedOut);
  }
  return ok({ message: 'Logged out' }, { cookies: clearedSessionCookies() });
});
