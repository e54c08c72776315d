import { organizationEndpoints } from '../../../shared/contract/organization';
import { removeOrganizationUser } from '../../db/organization-users';
import { deleteSessionsOfUser } from '../../db/sessions';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { CANNOT_REMOVE_SELF, answerRefusals } from '../../http/management-refusals';
import { requireAdmin } from '../../http/require-admin';

/**
 * DELETE /api/organization/users/{userId} (admins): removes a user of the caller's organization,
 * frees their email, takes them out of every project and ends their sessions.
 */
export const handler = defineRoute(organizationEndpoints.removeUser, async ({ session, params }) => {
  requireAdmin(session);
  const { userId } = params;
  if (userId === session.user.id) throw badRequest(CANNOT_REMOVE_SELF);
  const removed = await answerRefusals(() => removeOrganizationUser(session.user, userId));
  await deleteSessionsOfUser(removed.id);
  return ok({ id: removed.id, message: 'User removed' });
});
