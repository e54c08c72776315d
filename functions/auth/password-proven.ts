import { auditPut, userTarget } from '../audit-log/entries';
import { Refused } from '../domain/errors';
import { writeContext } from '../http/audit-client';
import { browserOf } from '../http/browser';
import { ok } from '../http/response';
import type { RouteEvent } from '../http/types';
import { countMetric } from '../observability/metrics';
import type { OrganizationItem } from '../organization/item';
import { startSession } from '../sessions/start-session';
import { SSO_REQUIRED_FOR_PASSWORD, memberAddressRequiresSso } from '../sso-requirement/rules';
import { type UserItem, secondFactorsOf, toUserResponse } from '../user/item';
import { type KnownDevice, deviceCookie } from './device-cookie';
import { pendingSignInCookie } from './pending-sign-in-cookie';
import { createPendingSignIn } from './pending-sign-ins';

/**
 * The end of a password step, directly (POST /api/login) or through its emailed code (POST
 * /api/login/code): for an account with two-factor on, the pending sign-in and its cookie (the code of
 * the app is still due); otherwise the session, and this browser becomes a known device of the account.
 */
export async function passwordProven(
  { user, org }: { user: UserItem; org: OrganizationItem },
  email: string,
  device: KnownDevice | undefined,
  request: { clientIp: string; event: RouteEvent },
  extraCookies: string[] = [],
) {
  const factors = secondFactorsOf(user, org);
  if (factors.length > 0) {
    const pending = await createPendingSignIn(user.id, org.id);
    const claims = { pendingId: pending.id, userId: user.id, orgId: org.id, email: email.trim().toLowerCase() };
    const challenge = factors.includes('passkey') ? { mfaRequired: true as const, factors } : { mfaRequired: true as const };
    return ok(challenge, { cookies: [...extraCookies, await pendingSignInCookie(claims, pending.expiresAt)] });
  }
  return signedIn({ user, org }, device, request, 'password', extraCookies);
}

/**
 * The one way a sign-in ends (a password alone, a password and a second factor, a passkey): the
 * session with its 'session.signed_in' entry, the metric, and this browser as a known device of
 * the account. Answers the user, signed in.
 */
export async function signedIn(
  { user, org }: { user: UserItem; org: OrganizationItem },
  device: KnownDevice | undefined,
  request: { clientIp: string; event: RouteEvent },
  method: 'password' | 'totp' | 'recovery_code' | 'passkey' | 'password_and_passkey',
  extraCookies: string[] = [],
) {
  // Where single sign-on is required, none of these ways in (a passkey included) goes around the identity provider (docs/decisions/059).
  if (await memberAddressRequiresSso(org, user.username, user.id)) throw new Refused('not-allowed', SSO_REQUIRED_FOR_PASSWORD);
  const entry = auditPut(writeContext(user, request), {
    action: 'session.signed_in',
    target: userTarget(user),
    details: { method },
  });
  const cookies = await startSession(user.id, org.id, browserOf(request.event), entry);
  countMetric('SignInsSucceeded');
  return ok(toUserResponse(user, org), { cookies: [...cookies, await deviceCookie(device, user.id), ...extraCookies] });
}
