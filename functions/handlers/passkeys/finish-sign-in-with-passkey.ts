import * as passkeyEndpoints from '../../../shared/contract/passkeys';
import { SIGN_IN_EXPIRED } from '../../../shared/schemas/mfa';
import { readDevice } from '../../auth/device-cookie';
import { signedIn } from '../../auth/password-proven';
import { clearedPendingSignInCookie, readPendingSignIn } from '../../auth/pending-sign-in-cookie';
import { findLivePendingSignIn, finishPendingSignIn } from '../../auth/pending-sign-ins';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { badRequest } from '../../http/http-error';
import { acceptPasskeyAnswer } from '../../passkeys/assertion';
import { secondFactorsOf } from '../../user/item';

/**
 * POST /api/login/mfa/passkey {response}, with the pending cookie: the second step of a sign-in by
 * one of the account's passkeys (its challenge was bound to this pending sign-in). A right answer
 * uses the pending sign-in up and starts the session, as a right code does (POST /api/login/mfa).
 */
export const handler = defineRoute(passkeyEndpoints.secondFactor, async (request) => {
  const expired = () => badRequest(SIGN_IN_EXPIRED);
  const claims = await readPendingSignIn(request.event.cookies);
  if (!claims || !(await findLivePendingSignIn(claims.userId, claims.pendingId))) throw expired();
  const account = await acceptPasskeyAnswer(request.body.response, 'second-factor', auditClient(request), {
    purpose: 'second-factor',
    userId: claims.userId,
    pendingId: claims.pendingId,
  });
  // A user moved to another organization, or whose passkey no longer stands as a factor, starts over.
  if (account.org.id !== claims.orgId || !secondFactorsOf(account.user, account.org).includes('passkey')) throw expired();
  if (!(await finishPendingSignIn(account.user.id, claims.pendingId))) throw expired();
  return signedIn(account, await readDevice(request.event.cookies), request, 'password_and_passkey', [
    clearedPendingSignInCookie(),
  ]);
});
