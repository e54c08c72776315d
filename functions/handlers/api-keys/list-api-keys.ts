import * as apiKeyEndpoints from '../../../shared/contract/api-keys';
import { toApiKeyResponse } from '../../api-keys/item';
import { listApiKeys } from '../../api-keys/reads';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** GET /api/organization/api-keys (admins): the keys with their scopes, expiry and last use, never the keys themselves. */
export const handler = defineRoute(apiKeyEndpoints.list, async ({ session }) => {
  requireAdmin(session);
  return ok((await listApiKeys(session.org.id)).map(toApiKeyResponse));
});
