import { accountEndpoints } from '../../../shared/contract/account';
import { replacePasswordHash } from '../../db/accounts';
import { deleteSessionsOfUser } from '../../db/sessions';
import { defineRoute } from '../../http/define-route';
import { HttpError, badRequest } from '../../http/http-error';
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
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const replaced = await replacePasswordHash(user, user.passwordHash, await hashPassword(body.newPassword));
  if (!replaced) throw new HttpError(409, 'The password was changed meanwhile. Please try again.');
  await deleteSessionsOfUser(user.id, session.session.id);
  return ok({ message: 'Password updated' });
});
