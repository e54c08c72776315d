import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { PASSKEY_NOT_ACCEPTED, PASSKEY_NOT_CONFIRMED } from '../../../shared/schemas/passkeys';
import { Refused } from '../../domain/errors';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { noContent } from '../../http/response';
import { acceptPasskeyAnswer } from '../../passkeys/assertion';
import { markSteppedUp } from '../../sessions/writes';

/**
 * POST /api/user/step-up/passkey {response}: the person at this session confirms it's them with one
 * of their passkeys instead of the password (docs/decisions/056), and for the next 5 minutes it may
 * make security changes. The answer is checked as a sign-in's is (the challenge used up first, this
 * session's, the user's own passkey, user verification, the counter); a signature cannot be
 * guessed, so unlike a password it spends none of the user's proof attempts.
 */
export const handler = defineRoute(passkeyEndpoints.stepUp, async (request) => {
  const { session } = request;
  await acceptPasskeyAnswer(request.body.response, 'step-up', auditClient(request), {
    purpose: 'step-up',
    userId: session.user.id,
    sessionId: session.session.id,
  }).catch((error: unknown) => {
    // The sign-in's refusal is a 401, which the browser takes for a session that ended.
    throw error instanceof Refused && error.message === PASSKEY_NOT_ACCEPTED
      ? new Refused('invalid', PASSKEY_NOT_CONFIRMED)
      : error;
  });
  await markSteppedUp(session.session);
  return noContent();
});
