import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { toScimUser } from '../../scim/scim-user';
import { scimUserOf } from '../../scim/scim-users';

/** GET /api/scim/v2/Users/{id} (a SCIM token): one person of the token's organization, or 404. */
export const handler = scimRoute(scimEndpoints.getUser, async ({ orgId, params, usersUrl }) => ({
  status: 200,
  body: toScimUser(await scimUserOf(orgId, params.id!), usersUrl),
}));
