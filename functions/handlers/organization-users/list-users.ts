import * as organizationUserEndpoints from '../../../shared/contract/organization-users';
import { listUsersOfOrganization } from '../../user/users';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toManagedUserResponse } from '../../user/item';

/** GET /api/organization/users (admins): every user of the caller's organization, oldest first, with their two-factor status. */
export const handler = defineRoute(organizationUserEndpoints.users, async ({ session }) => {
  requireAdmin(session);
  const users = await listUsersOfOrganization(session.org.id);
  return ok(users.map(toManagedUserResponse));
});
