import * as scimEndpoints from '../../../shared/contract/scim';
import type { Role } from '../../../shared/roles';
import { scimRoute } from '../../http/scim-route';
import { GROUP_IDS, membersWanted, parseGroupReplace } from '../../scim/scim-group';
import { changeScimGroup, scimGroup } from '../../scim/scim-groups';

/** PUT /api/scim/v2/Groups/{id} (a SCIM token): the group's whole member list; answers the group as it now is. */
export const handler = scimRoute(
  scimEndpoints.replaceGroup,
  async (request) => {
    const role = request.params.id as Role;
    await changeScimGroup(request, role, parseGroupReplace(request.body, role));
    return { status: 200, body: await scimGroup(request, role, membersWanted(request.query)) };
  },
  GROUP_IDS,
);
