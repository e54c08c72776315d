import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { membersWanted } from '../../scim/scim-group';
import { listScimGroups } from '../../scim/scim-groups';
import { parseEqFilter } from '../../scim/scim-user';

/** GET /api/scim/v2/Groups (a SCIM token): Administrators and Staff, or the one `displayName eq` names; members unless excluded. */
export const handler = scimRoute(scimEndpoints.listGroups, async (request) => ({
  status: 200,
  body: await listScimGroups(request, parseEqFilter('displayName', request.query.filter), membersWanted(request.query)),
}));
