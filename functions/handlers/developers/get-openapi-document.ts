import openApiDocument from '@growthwise/openapi-document';
import * as developerEndpoints from '../../../shared/contract/developers';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * GET /api/openapi.json: the document the build generated from the contract, as it was bundled; the
 * route computes nothing, so it answers the same to anyone, signed in or not.
 */
export const handler = defineRoute(developerEndpoints.openApiDocument, async () => ok(openApiDocument));
