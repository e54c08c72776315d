import * as passwordResetEndpoints from '../../../shared/contract/password-reset';
import { INVALID_LINK } from '../../../shared/messages';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { confirmPasswordReset } from '../../password-reset/writes';
import { refuseWeakPassword } from '../../security/password-strength';
import { hashPassword } from '../../security/passwords';
import { deleteSessionsOfUser } from '../../sessions/writes';
import { FAILED_PASSWORDS_PER_ACCOUNT } from '../../throttles/rules';
import { clearThrottle, throttleCounter } from '../../throttles/throttles';

/**
 * POST /api/password-reset/confirm: a valid link sets the new password and ends every session of
 * the user (whoever knew the old password is out); an invalid, used, voided or expired one is 400.
 * The new password follows registration's rules (a common one is refused before the link is used),
 * and the account's failed-password counter is cleared: its owner has just proved who they are.
 */
export const handler = defineRoute(passwordResetEndpoints.confirm, async (request) => {
  const { body } = request;
  // Before the link is used: a common password is refused at once; the account's own words once the link names it.
  refuseWeakPassword(body.newPassword, 'newPassword');
  const user = await confirmPasswordReset(
    body.token,
    (owner) => {
      refuseWeakPassword(body.newPassword, 'newPassword', { email: owner.username, fullName: owner.fullName });
      return hashPassword(body.newPassword);
    },
    auditClient(request),
  );
  if (!user) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  await Promise.all([deleteSessionsOfUser(user.id), clearThrottle(throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, user.username))]);
  return ok({ message: 'Your password has been reset. Please sign in with your new password.' });
});
