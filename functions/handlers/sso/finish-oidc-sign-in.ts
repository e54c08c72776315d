import * as ssoEndpoints from '../../../shared/contract/sso';
import { safeReturnPath } from '../../../shared/return-path';
import { auditPut, userTarget } from '../../audit-log/entries';
import { auditClient, writeContext } from '../../http/audit-client';
import { browserOf } from '../../http/browser';
import { defineRoute } from '../../http/define-route';
import { redirect } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { logger } from '../../observability/logger';
import { countMetric } from '../../observability/metrics';
import { startSession } from '../../sessions/start-session';
import { OIDC_CALLBACK_PATH } from '../../sso/item';
import { SSO_REFUSED_LANDING, SsoRefused, checkOidcCallback, finishOidcSignIn } from '../../sso/sign-in';
import { clearedSsoSignInCookie, readSsoSignIn } from '../../sso/sso-sign-in-cookie';
import { SSO_TEST_RESULT_PAGE, passedTest, recordTest, refusedTest } from '../../sso/test-result';

/**
 * GET /api/sso/oidc/callback: the identity provider's redirect back. Signed in, the browser gets the
 * same session cookie as a password sign-in and lands on the page it was going to; refused (a wrong
 * state, nonce or issuer, no pending sign-in, an address outside the organization's verified
 * domains), it lands on /auth and nothing is written. The pending cookie is cleared either way.
 */
export const handler = defineRoute(ssoEndpoints.oidcCallback, async (request) => {
  const { event, query } = request;
  const cleared = clearedSsoSignInCookie();
  const pending = await readSsoSignIn(event.cookies);
  try {
    if (!pending) throw new SsoRefused('no pending sign-in in this browser');
    const callbackUrl = new URL(`${siteOrigin()}${OIDC_CALLBACK_PATH}?${event.rawQueryString ?? ''}`);
    if (pending.test) {
      // An admin's test: the same checks, then the claims recorded for that admin, and nobody signed in.
      const { test, orgId } = pending;
      const checked = query.error
        ? Promise.reject(new SsoRefused(`the identity provider answered ${query.error}`))
        : checkOidcCallback(pending, callbackUrl);
      const result = await checked.then(
        ({ person }) => passedTest(orgId, 'oidc', person),
        (error: unknown) => {
          if (!(error instanceof SsoRefused)) throw error;
          return refusedTest('oidc', error.reason);
        },
      );
      return redirect(302, SSO_TEST_RESULT_PAGE, [await recordTest(orgId, test, result, auditClient(request)), cleared]);
    }
    if (query.error) throw new SsoRefused(`the identity provider answered ${query.error}`);
    const { user, org } = await finishOidcSignIn(pending, callbackUrl, auditClient(request));
    const signedIn = auditPut(writeContext(user, request), {
      action: 'session.signed_in',
      target: userTarget(user),
      details: { method: 'sso' },
    });
    const cookies = await startSession(user.id, org.id, browserOf(event), signedIn, 'sso');
    countMetric('SignInsSucceeded');
    // Checked again where it is followed: a pending sign-in signed before the checker changed still carries the old verdict.
    return redirect(302, safeReturnPath(pending.returnTo), [...cookies, cleared]);
  } catch (error) {
    if (!(error instanceof SsoRefused)) throw error;
    logger.warn('single sign-on refused', { orgId: pending?.orgId, reason: error.reason });
    countMetric('SignInsFailed');
    return redirect(302, SSO_REFUSED_LANDING, [cleared]);
  }
});
