import * as ssoEndpoints from '../../../shared/contract/sso';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { startSamlSignIn } from '../../sso/saml-sign-in';
import { connectionOfEmail, startSsoSignIn } from '../../sso/sign-in';
import { samlSignInCookie, ssoSignInCookie } from '../../sso/sso-sign-in-cookie';

/** POST /api/sso/start: the identity provider of the work email's organization (OIDC or SAML), and this browser's pending sign-in cookie. */
export const handler = defineRoute(ssoEndpoints.start, async ({ body }) => {
  const connection = await connectionOfEmail(body.email);
  if (connection.protocol === 'saml') {
    const started = await startSamlSignIn(connection, siteOrigin(), body.returnTo);
    return ok({ redirectUrl: started.redirectUrl }, { cookies: [await samlSignInCookie(started.pending, started.expiresAt)] });
  }
  const started = await startSsoSignIn(connection, body.email, siteOrigin(), body.returnTo);
  return ok({ redirectUrl: started.redirectUrl }, { cookies: [await ssoSignInCookie(started.pending, started.expiresAt)] });
});
