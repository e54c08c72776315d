import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { parseScimUser, toScimUser } from '../../scim/scim-user';
import { replaceScimUser, scimUserOf } from '../../scim/scim-users';

/** PUT /api/scim/v2/Users/{id} (a SCIM token): the person's name, or `active: false` to remove them and end their sessions. */
export const handler = scimRoute(scimEndpoints.replaceUser, async (request) => {
  const input = parseScimUser(request.body);
  const { user, active } = await replaceScimUser(request, await scimUserOf(request.orgId, request.params.id!), input);
  return { status: 200, body: toScimUser(user, request.usersUrl, { active }) };
});
