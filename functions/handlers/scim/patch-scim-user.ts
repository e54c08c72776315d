import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { parseScimPatch, toScimUser } from '../../scim/scim-user';
import { changeScimUser, scimUserOf } from '../../scim/scim-users';

/** PATCH /api/scim/v2/Users/{id} (a SCIM token): a new name, or `active: false` to remove the person and end their sessions at once. */
export const handler = scimRoute(scimEndpoints.patchUser, async (request) => {
  const current = await scimUserOf(request.orgId, request.params.id!);
  const { user, active } = await changeScimUser(request, current, parseScimPatch(request.body, current));
  return { status: 200, body: toScimUser(user, request.usersUrl, { active }) };
});
