import * as passwordResetEndpoints from '../../../shared/contract/password-reset';
import { PASSWORD_RESET_REQUESTED } from '../../../shared/schemas/password-reset';
import { defineRoute } from '../../http/define-route';
import { tooManyRequests } from '../../http/http-error';
import { ok } from '../../http/response';
import { requestPasswordReset } from '../../password-reset/writes';
import { TOO_MANY_PASSWORD_RESETS } from '../../throttles/rules';

/**
 * POST /api/password-reset/request: the same sentence, status and round trips whether or not the
 * address has an account; throttled per address and per client address (429 with Retry-After).
 */
export const handler = defineRoute(passwordResetEndpoints.request, async ({ body, clientIp }) => {
  const { retryAfter } = await requestPasswordReset(body.username, clientIp);
  if (retryAfter !== undefined) throw tooManyRequests(TOO_MANY_PASSWORD_RESETS, retryAfter);
  return ok({ message: PASSWORD_RESET_REQUESTED });
});
