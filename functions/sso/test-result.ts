import { domainOfEmail } from '../../shared/domain-name';
import type { SsoTestResultResponse } from '../../shared/schemas/sso';
import { type AuditClient, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { getItem } from '../db/reads';
import { type TransactItem, transactWrite } from '../db/transactions';
import { cookieValue } from '../security/cookie';
import { signStageToken, verifyStageToken } from '../security/stage-token';
import type { LoadedSession } from '../sessions/reads';
import { ssoKeys } from './keys';
import { SSO_SIGN_IN_MS, type SsoTester } from './sso-sign-in-cookie';

/**
 * An admin's 'Test connection' (docs/decisions/044): the callback's every check is run, then instead
 * of signing anyone in, what the identity provider sent is recorded (the 'sso.connection_tested'
 * audit entry) and handed to the session that started the test in a signed cookie of its own.
 */

/** Where the test's popup lands: a page that shows the result and tells the Single sign-on tab. */
export const SSO_TEST_RESULT_PAGE = '/sso/test-result';

const RESULT_COOKIE = '__Secure-growthwise_sso_test';
const RESULT_PATH = '/api/organization/sso/test-result';

export type SsoTestResult = SsoTestResultResponse;

/** The claims of a sign-in the callback accepted, and whether the address is at a domain this organization verified. */
export async function passedTest(
  orgId: string,
  protocol: SsoTestResult['protocol'],
  person: { email: string | undefined; name: string | undefined; subject: string | undefined },
): Promise<SsoTestResult> {
  const claim = person.email
    ? await getItem(ssoKeys.ssoDomainClaim(domainOfEmail(person.email)), { consistentRead: true })
    : undefined;
  return {
    outcome: 'passed',
    protocol,
    email: person.email ?? null,
    name: person.name ?? null,
    subject: person.subject ?? null,
    domainVerified: claim?.orgId === orgId,
    reason: null,
  };
}

export const refusedTest = (protocol: SsoTestResult['protocol'], reason: string): SsoTestResult => ({
  outcome: 'refused',
  protocol,
  email: null,
  name: null,
  subject: null,
  domainVerified: false,
  reason,
});

/**
 * Records the test (its audit entry by the admin who started it, with `also` in the same
 * transaction: a SAML assertion spent) and answers the cookie that carries the result to that
 * admin's session. A failed condition of `also` is the caller's to explain.
 */
export async function recordTest(
  orgId: string,
  tester: SsoTester,
  result: SsoTestResult,
  client: AuditClient,
  also: TransactItem[] = [],
): Promise<string> {
  const actor = { id: tester.userId, orgId, fullName: tester.fullName, username: tester.username, avatarUrl: null };
  const details = {
    protocol: result.protocol,
    outcome: result.outcome,
    email: result.email,
    domainVerified: result.domainVerified,
    reason: result.reason,
  };
  await transactWrite([
    auditPut(
      { actor, client },
      {
        action: 'sso.connection_tested',
        target: { type: 'organization', id: orgId, label: result.protocol.toUpperCase() },
        details,
      },
    ),
    ...also,
  ]);
  const token = await signStageToken(
    'sso-test-result',
    tester.sessionId,
    { org: orgId, usr: tester.userId, res: { ...result } },
    clockNow().getTime() + SSO_SIGN_IN_MS,
  );
  return `${RESULT_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=${RESULT_PATH}; Max-Age=${SSO_SIGN_IN_MS / 1000}`;
}

/** The result of the test this session started, or undefined (none, expired, or another session's). */
export async function testResultOf(
  cookies: string[] | undefined,
  { session }: LoadedSession,
): Promise<SsoTestResult | undefined> {
  const token = cookieValue(cookies, RESULT_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('sso-test-result', token, ['exp', 'sub', 'org', 'usr', 'res']);
  if (payload?.sub !== session.id || payload.org !== session.orgId || payload.usr !== session.userId) return undefined;
  return payload.res as SsoTestResult;
}
