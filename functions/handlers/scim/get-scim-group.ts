import * as scimEndpoints from '../../../shared/contract/scim';
import type { Role } from '../../../shared/roles';
import { scimRoute } from '../../http/scim-route';
import { GROUP_IDS, membersWanted } from '../../scim/scim-group';
import { scimGroup } from '../../scim/scim-groups';

/** GET /api/scim/v2/Groups/{id} (a SCIM token): one group, with its members unless excluded. */
export const handler = scimRoute(
  scimEndpoints.getGroup,
  async (request) => ({ status: 200, body: await scimGroup(request, request.params.id as Role, membersWanted(request.query)) }),
  GROUP_IDS,
);
