import * as emailVerificationEndpoints from '../../../shared/contract/email-verification';
import { resendVerification } from '../../email-verification/writes';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { tooManyRequests } from '../../http/http-error';
import { ok } from '../../http/response';
import { TOO_MANY_VERIFICATION_MAILS } from '../../throttles/rules';

/** POST /api/email-verification/resend: a new link to the signed-in user's address (the older ones stop working). */
export const handler = defineRoute(emailVerificationEndpoints.resend, async ({ session }) => {
  const outcome = await resendVerification(session.user);
  if ('retryAfter' in outcome) throw tooManyRequests(TOO_MANY_VERIFICATION_MAILS, outcome.retryAfter);
  if ('alreadyVerified' in outcome) throw badRequest('Your email address is already verified.');
  return ok({ message: 'Verification email sent' });
});
