import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { NotFound, Refused } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { resetMfa } from '../../mfa/writes';
import { deleteSessionsOfUser } from '../../sessions/writes';
import { userKeys } from '../../user/keys';

const CANNOT_RESET_OWN_MFA = 'Turn off your own two-factor authentication in your security settings.';

/**
 * DELETE /api/organization/users/{userId}/mfa (admins): turns another user's two-factor off (they
 * lost their phone and their recovery codes), ends their sessions and tells them by mail; they set it
 * up again at their next sign-in. The target is read with the session, from the caller's organization
 * only: another organization's user is 404. One's own goes through disable, which asks for proofs.
 */
export const handler = defineRoute(
  organizationUserEndpoints.resetUserMfa,
  { preload: ({ orgId, params }) => (params.userId ? userKeys.user(orgId, params.userId) : undefined) },
  async (request) => {
    const { session, params, preloaded: target } = request;
    requireAdmin(session);
    if (params.userId === session.user.id) throw new Refused('not-allowed', CANNOT_RESET_OWN_MFA);
    if (!target) throw new NotFound();
    await resetMfa(writeContext(session.user, request), target);
    await deleteSessionsOfUser(target.id);
    return ok({ id: target.id, message: 'Two-factor authentication reset' });
  },
);
