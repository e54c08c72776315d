import * as organizationEndpoints from '../../../shared/contract/organization';
import { listUsersOfOrganization } from '../../db/users';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toManagedUserResponse } from '../../entities/user';

/** GET /api/organization/users (admins): every user of the caller's organization, oldest first, with their two-factor status. */
export const handler = defineRoute(organizationEndpoints.users, async ({ session }) => {
  requireAdmin(session);
  const users = await listUsersOfOrganization(session.org.id);
  return ok(users.map(toManagedUserResponse));
});
