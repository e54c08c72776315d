import * as passwordResetEndpoints from '../../../shared/contract/password-reset';
import { INVALID_LINK } from '../../../shared/messages';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';
import { findTokenOwner } from '../../security/mail-tokens';

/**
 * POST /api/password-reset/check: whether a reset link still works, asked by the reset page as it
 * opens, so a used, voided or expired link is said before anyone types a new password twice. It reads
 * only: the token stays usable, and answers nothing its holder could not learn from the confirm.
 */
export const handler = defineRoute(passwordResetEndpoints.check, async ({ body }) => {
  if (!(await findTokenOwner(body.token, 'password-reset'))) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return ok({ message: 'This link is valid.' });
});
