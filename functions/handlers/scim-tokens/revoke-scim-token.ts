import * as scimTokenEndpoints from '../../../shared/contract/scim-tokens';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toScimTokenResponse } from '../../scim-tokens/item';
import { revokeScimToken } from '../../scim-tokens/tokens';

/** DELETE /api/organization/scim-tokens/{id} (admins, stepped up): the token stops working at once. */
export const handler = defineRoute(scimTokenEndpoints.revoke, async (request) => {
  const { params, session } = request;
  requireAdmin(session);
  return ok(toScimTokenResponse(await revokeScimToken(writeContext(session.user, request), params.id)));
});
