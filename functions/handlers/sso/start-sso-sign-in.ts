import * as ssoEndpoints from '../../../shared/contract/sso';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { startSsoSignIn } from '../../sso/sign-in';
import { ssoSignInCookie } from '../../sso/sso-sign-in-cookie';

/** POST /api/sso/start: the identity provider of the work email's organization, and this browser's pending sign-in cookie. */
export const handler = defineRoute(ssoEndpoints.start, async ({ body }) => {
  const started = await startSsoSignIn(body.email, siteOrigin(), body.returnTo);
  return ok({ redirectUrl: started.redirectUrl }, { cookies: [await ssoSignInCookie(started.pending, started.expiresAt)] });
});
