import * as scimTokenEndpoints from '../../../shared/contract/scim-tokens';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toScimTokenResponse } from '../../scim-tokens/item';
import { listScimTokens } from '../../scim-tokens/tokens';

/** GET /api/organization/scim-tokens (admins): the tokens with their last use, never the tokens themselves. */
export const handler = defineRoute(scimTokenEndpoints.list, async ({ session }) => {
  requireAdmin(session);
  return ok((await listScimTokens(session.org.id)).map(toScimTokenResponse));
});
