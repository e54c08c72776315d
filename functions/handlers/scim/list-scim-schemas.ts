import * as scimEndpoints from '../../../shared/contract/scim';
import { scimRoute } from '../../http/scim-route';
import { schemas } from '../../scim/scim-discovery';

/** GET /api/scim/v2/Schemas (a SCIM token): the User and Group attributes this service keeps (RFC 7643 §7). */
export const handler = scimRoute(scimEndpoints.schemas, async ({ baseUrl }) => ({ status: 200, body: schemas(baseUrl) }));
