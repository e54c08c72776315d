import { authEndpoints } from '../../../shared/contract/auth';
import { batchGet, keyId } from '../../db/reads';
import type { EmailItem } from '../../db/entities';
import { keys } from '../../db/keys';
import { type LoginAttemptsItem, clearFailedLogins, lockedForSeconds, recordFailedLogin } from '../../db/login-attempts';
import { loadUserWithOrganization, toUserResponse } from '../../db/users';
import { defineRoute } from '../../http/define-route';
import { HttpError } from '../../http/http-error';
import { countMetric } from '../../observability/metrics';
import { ok } from '../../http/response';
import { verifyPassword } from '../../session/passwords';
import { startSession } from '../../session/start-session';

/** One message for a wrong password and an unknown email, so neither tells which. */
export const LOGIN_FAILED = 'Invalid email or password';

export const handler = defineRoute(authEndpoints.login, async ({ body, clientIp }) => {
  const attemptsKey = keys.loginAttempts(body.username, clientIp);
  const emailKey = keys.email(body.username);
  const found = await batchGet([attemptsKey, emailKey]);
  const attempts = found.get(keyId(attemptsKey)) as LoginAttemptsItem | undefined;

  const retryAfter = lockedForSeconds(attempts);
  if (retryAfter !== undefined) {
    throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.', undefined, {
      'retry-after': String(retryAfter),
    });
  }

  const emailItem = found.get(keyId(emailKey)) as EmailItem | undefined;
  const account = emailItem ? await loadUserWithOrganization(emailItem.orgId, emailItem.userId) : undefined;
  const valid = await verifyPassword(body.password, account?.user.passwordHash);
  if (!account || !valid) {
    await recordFailedLogin(body.username, clientIp);
    countMetric('SignInsFailed');
    throw new HttpError(401, LOGIN_FAILED);
  }

  if (attempts) await clearFailedLogins(body.username, clientIp);
  const cookies = await startSession(account.user.id, account.org.id);
  countMetric('SignInsSucceeded');
  return ok(toUserResponse(account.user, account.org), { cookies });
});
