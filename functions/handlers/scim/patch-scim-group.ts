import * as scimEndpoints from '../../../shared/contract/scim';
import type { Role } from '../../../shared/roles';
import { scimRoute } from '../../http/scim-route';
import { GROUP_IDS, parseGroupPatch } from '../../scim/scim-group';
import { changeScimGroup } from '../../scim/scim-groups';

/** PATCH /api/scim/v2/Groups/{id} (a SCIM token): members added and removed, each a role change; 204 (RFC 7644 §3.5.2). */
export const handler = scimRoute(
  scimEndpoints.patchGroup,
  async (request) => {
    const role = request.params.id as Role;
    await changeScimGroup(request, role, parseGroupPatch(request.body, role));
    return { status: 204 };
  },
  GROUP_IDS,
);
