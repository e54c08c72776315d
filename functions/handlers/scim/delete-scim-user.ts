import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { deactivateScimUser, scimUserOf } from '../../scim/scim-users';

/** DELETE /api/scim/v2/Users/{id} (a SCIM token): 204; the person is removed as Remove does and their sessions end at once. */
export const handler = scimRoute(scimEndpoints.deleteUser, async (request) => {
  await deactivateScimUser(request, await scimUserOf(request.orgId, request.params.id!));
  return { status: 204 };
});
