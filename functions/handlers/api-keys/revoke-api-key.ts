import * as apiKeyEndpoints from '../../../shared/contract/api-keys';
import { toApiKeyResponse } from '../../api-keys/item';
import { revokeApiKey } from '../../api-keys/writes';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** DELETE /api/organization/api-keys/{id} (admins, stepped up): the key stops working at once. */
export const handler = defineRoute(apiKeyEndpoints.revoke, async (request) => {
  const { params, session } = request;
  requireAdmin(session);
  return ok(toApiKeyResponse(await revokeApiKey(writeContext(session.user, request), params.id)));
});
