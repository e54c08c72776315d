import * as userEndpoints from '../../../shared/contract/user';
import { replacePasswordHash } from '../../user/writes';
import { deleteSessionsOfUser } from '../../sessions/sessions';
import { countAttempt, readThrottle, recentAttempts, retryAfterSeconds, throttleCounter } from '../../throttles/throttles';
import { Refused } from '../../domain/errors';

import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { tooManyRequests } from '../../http/http-error';
import { refuseWeakPassword } from '../../security/password-strength';
import { ok } from '../../http/response';
import { slowAfterFailures } from '../../throttles/failed-password-delay';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { FAILED_PASSWORDS_PER_ACCOUNT, TOO_MANY_PASSWORD_ATTEMPTS } from '../../throttles/rules';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * POST /api/user/change-password: needs the right current password, then ends every other
 * session of the user (a stolen cookie stops working); the caller's own session stays.
 * Wrong current passwords count toward the account's failed-password limit, as failed sign-ins do,
 * so a stolen cookie cannot be used to guess the password.
 */
export const handler = defineRoute(userEndpoints.changePassword, async (request) => {
  const { body, session, requestId } = request;
  const { user } = session;
  const failures = throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, user.username);
  const counts = await readThrottle(failures);
  const retryAfter = retryAfterSeconds(failures, counts);
  if (retryAfter !== undefined) throw tooManyRequests(TOO_MANY_PASSWORD_ATTEMPTS, retryAfter);
  await slowAfterFailures(recentAttempts(failures, counts), requestId);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    await countAttempt(failures);
    throw new Refused('invalid', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  refuseWeakPassword(body.newPassword, 'newPassword');
  await replacePasswordHash(writeContext(user, request), user.passwordHash, await hashPassword(body.newPassword));
  await deleteSessionsOfUser(user.id, session.session.id);
  return ok({ message: 'Password updated' });
});
