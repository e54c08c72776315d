import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { resourceTypes } from '../../scim/scim-discovery';

/** GET /api/scim/v2/ResourceTypes (a SCIM token): User and Group (RFC 7643 §6). */
export const handler = scimRoute(scimEndpoints.resourceTypes, async ({ baseUrl }) => ({
  status: 200,
  body: resourceTypes(baseUrl),
}));
