import * as mfaEndpoints from '../../../shared/contract/mfa';
import { WRONG_CODE } from '../../../shared/schemas/mfa';
import { Conflict, Refused } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { MFA_ALREADY_ON, NO_SETUP } from '../../mfa/messages';
import { decryptTotpSecret } from '../../mfa/mfa-encryption';
import { newRecoveryCodes } from '../../mfa/recovery-codes';
import { verifyTotp } from '../../mfa/totp';
import { enableMfa } from '../../mfa/writes';
import { deleteSessionsOfUser } from '../../sessions/writes';
import { reserveProofAttempt } from '../../throttles/account-failures';
import { TOO_MANY_SIGN_INS } from '../../throttles/rules';

/**
 * POST /api/user/mfa/enable {code}: a code of the secret being set up proves the app holds it; then
 * two-factor is on, the 10 recovery codes are answered once (only their hashes are kept), the mail
 * goes out and every other session of the user ends. Each code checked takes one of the user's
 * proof attempts first (reserve-then-check); a right one clears them.
 */
export const handler = defineRoute(mfaEndpoints.enable, async (request) => {
  const { body, session } = request;
  const { user } = session;
  if (user.mfaEnabled) throw new Conflict(MFA_ALREADY_ON);
  if (!user.mfaPendingSecret) throw new Refused('invalid', NO_SETUP, { code: NO_SETUP });
  const attempt = await reserveProofAttempt(user.id, TOO_MANY_SIGN_INS);
  const timeStep = await verifyTotp(await decryptTotpSecret(user.mfaPendingSecret, user.id), body.code);
  if (timeStep === undefined) throw new Refused('invalid', WRONG_CODE, { code: WRONG_CODE });
  await attempt.passed();
  const { codes, hashes } = await newRecoveryCodes();
  await enableMfa(writeContext(user, request), user.mfaPendingSecret, timeStep, hashes);
  await deleteSessionsOfUser(user.id, session.session.id);
  return ok({ recoveryCodes: codes });
});
