import * as emailVerificationEndpoints from '../../../shared/contract/email-verification';
import { INVALID_LINK } from '../../../shared/messages';
import { confirmVerification } from '../../email-verification/writes';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { ok } from '../../http/response';

/** POST /api/email-verification/confirm: the token alone names the user, so it works signed in or out. */
export const handler = defineRoute(emailVerificationEndpoints.confirm, async ({ body }) => {
  const outcome = await confirmVerification(body.token);
  if (outcome === 'invalid') throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return ok({ message: outcome === 'verified' ? 'Your email address is verified.' : 'Your email address is already verified.' });
});
