import { accountEndpoints } from '../../../shared/contract/account';
import { replacePasswordHash } from '../../db/accounts';
import { deleteSessionsOfUser } from '../../db/sessions';
import { Refused } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { hashPassword, verifyPassword } from '../../session/passwords';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * POST /api/user/change-password: needs the right current password, then ends every other
 * session of the user (a stolen cookie stops working); the caller's own session stays.
 */
export const handler = defineRoute(accountEndpoints.changePassword, async ({ body, session }) => {
  const { user } = session;
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new Refused('invalid', WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await replacePasswordHash(user, user.passwordHash, await hashPassword(body.newPassword));
  await deleteSessionsOfUser(user.id, session.session.id);
  return ok({ message: 'Password updated' });
});
