import * as userEndpoints from '../../../shared/contract/user';
import { Refused } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { refuseWeakPassword } from '../../security/password-strength';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { deleteSessionsOfUser } from '../../sessions/writes';
import { reserveProofAttempt } from '../../throttles/account-failures';
import { slowAfterFailures } from '../../throttles/failed-password-delay';
import { TOO_MANY_PASSWORD_ATTEMPTS } from '../../throttles/rules';
import { replacePasswordHash } from '../../user/writes';

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * POST /api/user/change-password: needs the right current password, then ends every other
 * session of the user (a stolen cookie stops working); the caller's own session stays.
 * Each check takes one of the user's proof attempts first (FAILED_PROOFS_PER_USER, reserve-then-check):
 * a stolen cookie cannot be used to guess the password, not even with parallel requests.
 */
export const handler = defineRoute(userEndpoints.changePassword, async (request) => {
  const { body, session, requestId } = request;
  const { user } = session;
  const attempt = await reserveProofAttempt(user.id, TOO_MANY_PASSWORD_ATTEMPTS);
  await slowAfterFailures(attempt.recentFailures, requestId);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new Refused('invalid', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await attempt.passed();
  refuseWeakPassword(body.newPassword, 'newPassword', {
    email: user.username,
    fullName: user.fullName,
    organizationName: session.org.name,
  });
  await replacePasswordHash(writeContext(user, request), user.passwordHash, await hashPassword(body.newPassword));
  await deleteSessionsOfUser(user.id, session.session.id);
  return ok({ message: 'Password updated' });
});
