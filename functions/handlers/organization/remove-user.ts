import { organizationEndpoints } from '../../../shared/contract/organization';
import { removeOrganizationUser } from '../../db/organization-users';
import { deleteSessionsOfUser } from '../../db/sessions';
import { requireAdmin } from '../../domain/require-admin';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * DELETE /api/organization/users/{userId} (admins): removes a user of the caller's organization,
 * frees their email, takes them out of every project and ends their sessions.
 */
export const handler = defineRoute(organizationEndpoints.removeUser, async (request) => {
  const { session, params } = request;
  requireAdmin(session);
  const removed = await removeOrganizationUser(session.user, params.userId, auditClient(request));
  await deleteSessionsOfUser(removed.id);
  return ok({ id: removed.id, message: 'User removed' });
});
