import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { preloadRemovedUser } from '../../organization-users/reads';
import { removeOrganizationUser } from '../../organization-users/writes';
import { deleteSessions, sessionKeysOfUser } from '../../sessions/writes';

/**
 * DELETE /api/organization/users/{userId} (admins): removes a user of the caller's organization,
 * frees their email, takes them out of every project and ends their sessions. The user comes with
 * the session, from the caller's organization only (another's user is 404).
 */
export const handler = defineRoute(organizationUserEndpoints.removeUser, { preload: preloadRemovedUser }, async (request) => {
  const { session, params, preloaded } = request;
  requireAdmin(session);
  // Read beside the removal's own reads, one round trip less. A session opened after this read is
  // left to its expiry: it stops working with the user item, as every session of theirs does.
  // Only once the user is known to be of this organization: another's user id (404) reads nobody's sessions.
  const sessions = preloaded ? sessionKeysOfUser(params.userId) : Promise.resolve([]);
  // Its failure matters only once the removal succeeded, which awaits it below.
  sessions.catch(() => undefined);
  const removed = await removeOrganizationUser(writeContext(session.user, request), params.userId, { target: preloaded });
  await deleteSessions(await sessions);
  return ok({ id: removed.id, message: 'User removed' });
});
