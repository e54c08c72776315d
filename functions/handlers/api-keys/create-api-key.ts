import * as apiKeyEndpoints from '../../../shared/contract/api-keys';
import { toApiKeyResponse } from '../../api-keys/item';
import { createApiKey } from '../../api-keys/writes';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';

/** POST /api/organization/api-keys (admins, stepped up): 201 with the key, shown this once; only its keyed hash is kept. */
export const handler = defineRoute(apiKeyEndpoints.create, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const { item, key } = await createApiKey(writeContext(session.user, request), body);
  return created({ ...toApiKeyResponse(item), key });
});
