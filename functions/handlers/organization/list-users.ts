import { organizationEndpoints } from '../../../shared/contract/organization';
import { listUsersOfOrganization, toOrganizationUserResponse } from '../../db/users';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { requireAdmin } from '../../http/require-admin';

/** GET /api/organization/users (admins): every user of the caller's organization, oldest first. */
export const handler = defineRoute(organizationEndpoints.users, async ({ session }) => {
  requireAdmin(session);
  const users = await listUsersOfOrganization(session.org.id);
  return ok(users.map(toOrganizationUserResponse));
});
