import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { saveOidcConnection } from '../../sso/connections';
import { toSsoSettingsResponse } from '../../sso/item';

/** PUT /api/organization/sso (admins, stepped up): the OIDC connection, checked by reading its issuer's discovery document. */
export const handler = defineRoute(ssoEndpoints.saveConnection, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  return ok(toSsoSettingsResponse(await saveOidcConnection(writeContext(session.user, request), body), siteOrigin()));
});
