import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { serviceProviderConfig } from '../../scim/scim-discovery';

/** GET /api/scim/v2/ServiceProviderConfig (a SCIM token): what this service supports (RFC 7643 §5). */
export const handler = scimRoute(scimEndpoints.serviceProviderConfig, async ({ baseUrl }) => ({
  status: 200,
  body: serviceProviderConfig(baseUrl),
}));
