import * as ssoEndpoints from '../../../shared/contract/sso';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { toSsoSettingsResponse } from '../../sso/item';
import { ssoKeys } from '../../sso/keys';

/** GET /api/organization/sso (admins): the connection without its secret, and what the identity provider needs from us (OIDC redirect URI, SAML ACS URL, entity id, metadata). */
export const handler = defineRoute(
  ssoEndpoints.settings,
  { preload: ({ orgId }) => ssoKeys.ssoConnection(orgId) },
  async ({ session, preloaded }) => {
    requireAdmin(session);
    return ok(toSsoSettingsResponse(preloaded, siteOrigin(), session.user.orgId));
  },
);
