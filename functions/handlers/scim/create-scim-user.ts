import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { parseScimUser, toScimUser } from '../../scim/scim-user';
import { createScimUser } from '../../scim/scim-users';

/** POST /api/scim/v2/Users (a SCIM token): 201 with the new person and their Location; 409 uniqueness for an address already held. */
export const handler = scimRoute(scimEndpoints.createUser, async (request) => {
  const user = await createScimUser(request, parseScimUser(request.body));
  const resource = toScimUser(user, request.usersUrl);
  return { status: 201, body: resource, location: resource.meta.location };
});
