import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { parseEqFilter } from '../../scim/scim-user';
import { listScimUsers } from '../../scim/scim-users';

/** GET /api/scim/v2/Users (a SCIM token): the organization's people, found by `filter=userName eq "…"` or paged by startIndex and count. */
export const handler = scimRoute(scimEndpoints.listUsers, async (request) => ({
  status: 200,
  body: await listScimUsers(request, parseEqFilter('userName', request.query.filter)),
}));
