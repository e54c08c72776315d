import * as projectEndpoints from '../../../shared/contract/projects';
import { listUsersOfOrganization } from '../../user/users';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toOrganizationUserResponse } from '../../user/item';

/** The people a project's member pickers offer: any member of the organization may list them. */
export const handler = defineRoute(projectEndpoints.organizationUsers, async ({ session }) => {
  const users = await listUsersOfOrganization(session.org.id);
  return ok(users.map(toOrganizationUserResponse));
});
