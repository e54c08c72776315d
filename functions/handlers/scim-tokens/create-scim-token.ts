import * as scimTokenEndpoints from '../../../shared/contract/scim-tokens';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { createScimToken } from '../../scim-tokens/tokens';

/** POST /api/organization/scim-tokens (admins, stepped up): 201 with the token, shown this once; only its hash is kept. */
export const handler = defineRoute(scimTokenEndpoints.create, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const { item, token } = await createScimToken(writeContext(session.user, request), body.name);
  return created({ id: item.id, name: item.name, token, createdAt: item.createdAt });
});
