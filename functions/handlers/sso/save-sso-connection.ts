import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { saveOidcConnection, saveSamlConnection } from '../../sso/connections';
import { toSsoSettingsResponse } from '../../sso/item';

/**
 * PUT /api/organization/sso (admins, stepped up): the OIDC connection, checked by reading its
 * issuer's discovery document, or the SAML one, read from the identity provider's metadata.
 */
export const handler = defineRoute(ssoEndpoints.saveConnection, async (request) => {
  const { body, session } = request;
  requireAdmin(session);
  const context = writeContext(session.user, request);
  const saved = body.protocol === 'saml' ? await saveSamlConnection(context, body) : await saveOidcConnection(context, body);
  return ok(toSsoSettingsResponse(saved, siteOrigin(), session.user.orgId));
});
