import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { ScimError } from '../../scim/scim-error';

/** POST /api/scim/v2/Groups (a SCIM token): refused, the two groups are the roles and fixed (docs/decisions/060). */
export const handler = scimRoute(scimEndpoints.createGroup, () => {
  throw new ScimError(501, 'Groups cannot be created: the groups are Administrators and Staff, the organization’s two roles');
});
