import * as authEndpoints from '../../../shared/contract/auth';
import { batchGet, keyId } from '../../db/reads';
import { keys } from '../../db/keys';
import { attemptCount, clearThrottle, countsIn, recentAttempts, retryAfterSeconds, throttleCounter } from '../../throttles/throttles';
import { loadUserWithOrganization } from '../../user/users';
import { auditPut, userTarget } from '../../audit-log/entries';
import { transactWrite } from '../../db/transactions';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { HttpError, tooManyRequests } from '../../http/http-error';
import { ok } from '../../http/response';
import { countMetric } from '../../observability/metrics';
import { slowAfterFailures } from '../../throttles/failed-password-delay';
import { verifyPassword } from '../../security/passwords';
import { startSession } from '../../sessions/start-session';
import { createPendingSignIn } from '../../auth/pending-sign-ins';
import { pendingSignInCookie } from '../../auth/pending-sign-in-cookie';
import { FAILED_PASSWORDS_PER_ACCOUNT, FAILED_SIGN_INS_PER_ADDRESS, TOO_MANY_SIGN_INS } from '../../throttles/rules';
import { type EmailItem, toUserResponse } from '../../user/item';
import { now as clockNow } from '../../clock';

/** One message for a wrong password and an unknown email, so neither tells which. */
const LOGIN_FAILED = 'Invalid email or password';

export const handler = defineRoute(authEndpoints.login, async (request) => {
  const { body, clientIp, event, requestId } = request;
  const now = clockNow().getTime();
  const account = throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, body.username, now);
  const address = throttleCounter(FAILED_SIGN_INS_PER_ADDRESS, clientIp, now);
  const emailKey = keys.email(body.username);
  const found = await batchGet([account.key, account.previousKey, address.key, address.previousKey, emailKey]);
  const accountFailures = countsIn(account, found);

  const retryAfter = Math.max(retryAfterSeconds(account, accountFailures) ?? 0, retryAfterSeconds(address, countsIn(address, found)) ?? 0);
  if (retryAfter > 0) throw tooManyRequests(TOO_MANY_SIGN_INS, retryAfter);
  await slowAfterFailures(recentAttempts(account, accountFailures), requestId);

  const emailItem = found.get(keyId(emailKey)) as EmailItem | undefined;
  const user = emailItem ? await loadUserWithOrganization(emailItem.orgId, emailItem.userId) : undefined;
  const valid = await verifyPassword(body.password, user?.user.passwordHash);
  if (!user || !valid) {
    // A failure on an account is recorded in its organization's log, in the counting's transaction; an
    // unknown email belongs to no organization, so no log holds it (docs/decisions/016b). Both are
    // one TransactWriteItems, so the round trips do not tell a known email from an unknown one.
    const failed = user
      ? [auditPut(writeContext(user.user, request), { action: 'session.sign_in_failed', target: userTarget(user.user), details: { reason: 'wrong_password' } })]
      : [];
    await transactWrite([attemptCount(account), attemptCount(address), ...failed]);
    countMetric('SignInsFailed');
    throw new HttpError(401, LOGIN_FAILED);
  }

  if (user.user.mfaEnabled) {
    // The password is right but the sign-in is not done: the counter is cleared by a right code only.
    const pending = await createPendingSignIn(user.user.id, user.org.id, now);
    const claims = { pendingId: pending.id, userId: user.user.id, orgId: user.org.id, email: body.username.trim().toLowerCase() };
    return ok({ mfaRequired: true as const }, { cookies: [await pendingSignInCookie(claims, pending.expiresAt)] });
  }

  if (accountFailures.current + accountFailures.previous > 0) await clearThrottle(account);
  const signedIn = auditPut(writeContext(user.user, request), { action: 'session.signed_in', target: userTarget(user.user), details: { method: 'password' } });
  const cookies = await startSession(user.user.id, user.org.id, event, signedIn);
  countMetric('SignInsSucceeded');
  return ok(toUserResponse(user.user, user.org), { cookies });
});
