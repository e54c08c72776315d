import { auditPut, userTarget } from '../audit-log/entries';
import { writeContext } from '../http/audit-client';
import { ok } from '../http/response';
import type { RouteEvent } from '../http/types';
import { countMetric } from '../observability/metrics';
import { startSession } from '../sessions/start-session';
import type { OrganizationItem } from '../organization/item';
import { type UserItem, toUserResponse } from '../user/item';
import { createPendingSignIn } from './pending-sign-ins';
import { pendingSignInCookie } from './pending-sign-in-cookie';
import { type KnownDevice, deviceCookie } from './device-cookie';

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
  if (user.mfaEnabled) {
    const pending = await createPendingSignIn(user.id, org.id);
    const claims = { pendingId: pending.id, userId: user.id, orgId: org.id, email: email.trim().toLowerCase() };
    return ok({ mfaRequired: true as const }, { cookies: [...extraCookies, await pendingSignInCookie(claims, pending.expiresAt)] });
  }
  const signedIn = auditPut(writeContext(user, request), { action: 'session.signed_in', target: userTarget(user), details: { method: 'password' } });
  const cookies = await startSession(user.id, org.id, request.event, signedIn);
  countMetric('SignInsSucceeded');
  return ok(toUserResponse(user, org), { cookies: [...cookies, await deviceCookie(device, user.id), ...extraCookies] });
}
