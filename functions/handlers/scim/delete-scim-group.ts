import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { ScimError } from '../../scim/scim-error';
import { GROUP_IDS } from '../../scim/scim-group';

/** DELETE /api/scim/v2/Groups/{id} (a SCIM token): refused, the two groups are the roles and fixed (docs/decisions/060). */
export const handler = scimRoute(
  scimEndpoints.deleteGroup,
  () => {
    throw new ScimError(501, 'Groups cannot be deleted: Administrators and Staff are the organization’s two roles');
  },
  GROUP_IDS,
);
