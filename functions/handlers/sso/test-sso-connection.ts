import * as ssoEndpoints from '../../../shared/contract/sso';
import { Refused } from '../../domain/errors';
import { requireAdmin } from '../../domain/require-admin';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { ssoConnectionOf } from '../../sso/connections';
import { startSamlSignIn } from '../../sso/saml-sign-in';
import { startSsoSignIn } from '../../sso/sign-in';
import { samlSignInCookie, ssoSignInCookie } from '../../sso/sso-sign-in-cookie';
import { SSO_TEST_RESULT_PAGE } from '../../sso/test-result';

export const NO_CONNECTION_TO_TEST = 'Save a connection before testing it.';

/**
 * POST /api/organization/sso/test (admins, stepped up): the organization's identity provider's URL
 * for a test sign-in, opened in a popup, and the pending sign-in cookie marked as this session's
 * test, so the callback checks everything, signs nobody in, and lands on the result page.
 */
export const handler = defineRoute(ssoEndpoints.testConnection, async ({ session }) => {
  requireAdmin(session);
  const connection = await ssoConnectionOf(session.org.id);
  if (!connection) throw new Refused('invalid', NO_CONNECTION_TO_TEST);
  const test = {
    userId: session.user.id,
    sessionId: session.session.id,
    fullName: session.user.fullName,
    username: session.user.username,
  };
  if (connection.protocol === 'saml') {
    const started = await startSamlSignIn(connection, siteOrigin(), SSO_TEST_RESULT_PAGE);
    return ok(
      { redirectUrl: started.redirectUrl },
      { cookies: [await samlSignInCookie({ ...started.pending, test }, started.expiresAt)] },
    );
  }
  const started = await startSsoSignIn(connection, undefined, siteOrigin(), SSO_TEST_RESULT_PAGE);
  return ok(
    { redirectUrl: started.redirectUrl },
    { cookies: [await ssoSignInCookie({ ...started.pending, test }, started.expiresAt)] },
  );
});
