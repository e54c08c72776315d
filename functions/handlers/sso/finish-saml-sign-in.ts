import * as ssoEndpoints from '../../../shared/contract/sso';
import { safeReturnPath } from '../../../shared/return-path';
import { auditPut, userTarget } from '../../audit-log/entries';
import type { AuditClient } from '../../audit-log/entries';
import { conditionHeldAnswer } from '../../db/transactions';
import { auditClient, writeContext } from '../../http/audit-client';
import { browserOf } from '../../http/browser';
import { defineRoute } from '../../http/define-route';
import { redirect } from '../../http/response';
import { siteOrigin } from '../../http/site-origin';
import { logger } from '../../observability/logger';
import { countMetric } from '../../observability/metrics';
import { startSession } from '../../sessions/start-session';
import { checkSamlResponse, finishSamlSignIn, spendAssertion } from '../../sso/saml-sign-in';
import { SSO_REFUSED_LANDING, SsoRefused } from '../../sso/sign-in';
import { type PendingSamlSignIn, type SsoTester, clearedSamlSignInCookie, readSamlSignIn } from '../../sso/sso-sign-in-cookie';
import { SSO_TEST_RESULT_PAGE, passedTest, recordTest, refusedTest } from '../../sso/test-result';

/** A spent assertion's id met again: the transaction's condition on it failed. */
const replayed = (assertionId: string) => new SsoRefused(`the assertion ${assertionId} was used before (a replay)`);

/**
 * POST /api/sso/saml/acs: the identity provider's signed response, posted by the browser
 * (docs/decisions/058). Signed in, the browser gets the same session cookie as a password sign-in
 * and lands where the OIDC callback lands; refused (unsigned or wrongly signed, expired, for
 * another audience or recipient, for a request this browser did not make, replayed, an address
 * outside the organization's verified domains), it lands on /auth and nothing is written. The
 * pending cookie is cleared either way. 303: the browser follows with a GET, not a second POST.
 */
export const handler = defineRoute(ssoEndpoints.samlAcs, async (request) => {
  const { event, rawBody } = request;
  const cleared = clearedSamlSignInCookie();
  const pending = await readSamlSignIn(event.cookies);
  try {
    if (!pending) throw new SsoRefused('no pending SAML sign-in in this browser');
    const samlResponse = new URLSearchParams(rawBody).get('SAMLResponse');
    if (!samlResponse) throw new SsoRefused('the post carries no SAMLResponse');
    if (pending.test)
      return redirect(303, SSO_TEST_RESULT_PAGE, [
        await testConnection(pending, pending.test, samlResponse, auditClient(request)),
        cleared,
      ]);
    const { user, org, assertion } = await finishSamlSignIn(pending, samlResponse, siteOrigin(), auditClient(request));
    const signedIn = auditPut(writeContext(user, request), {
      action: 'session.signed_in',
      target: userTarget(user),
      details: { method: 'sso' },
    });
    const cookies = await conditionHeldAnswer(
      startSession(user.id, org.id, browserOf(event), [signedIn, spendAssertion(org.id, assertion)], 'sso'),
    );
    if (!cookies) throw replayed(assertion.assertionId);
    countMetric('SignInsSucceeded');
    // Checked again where it is followed: a pending sign-in signed before the checker changed still carries the old verdict.
    return redirect(303, safeReturnPath(pending.returnTo), [...cookies, cleared]);
  } catch (error) {
    if (!(error instanceof SsoRefused)) throw error;
    logger.warn('single sign-on refused', { orgId: pending?.orgId, protocol: 'saml', reason: error.reason });
    countMetric('SignInsFailed');
    return redirect(303, SSO_REFUSED_LANDING, [cleared]);
  }
});

/**
 * An admin's test: every check, the assertion spent as a sign-in spends it (a replayed test is
 * refused too), then the claims recorded for that admin; nobody signed in. Answers the result's cookie.
 */
async function testConnection(
  pending: PendingSamlSignIn,
  test: SsoTester,
  samlResponse: string,
  client: AuditClient,
): Promise<string> {
  const { orgId } = pending;
  try {
    const { assertion } = await checkSamlResponse(pending, samlResponse, siteOrigin());
    const passed = await passedTest(orgId, 'saml', assertion);
    const recorded = await conditionHeldAnswer(recordTest(orgId, test, passed, client, [spendAssertion(orgId, assertion)]));
    if (recorded === undefined) throw replayed(assertion.assertionId);
    return recorded;
  } catch (error) {
    if (!(error instanceof SsoRefused)) throw error;
    return recordTest(orgId, test, refusedTest('saml', error.reason), client);
  }
}
