import * as sessionEndpoints from '../../../shared/contract/sessions';
import { WRONG_CODE, WRONG_PASSWORD } from '../../../shared/schemas/mfa';
import { Refused } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { noContent } from '../../http/response';
import { MFA_NOT_ON } from '../../mfa/messages';
import { decryptTotpSecret } from '../../mfa/mfa-encryption';
import { verifyTotp } from '../../mfa/totp';
import { claimTimeStep } from '../../mfa/writes';
import { verifyPassword } from '../../security/passwords';
import { markSteppedUp } from '../../sessions/writes';
import { reserveProofAttempt } from '../../throttles/account-failures';
import { TOO_MANY_PASSWORD_ATTEMPTS } from '../../throttles/rules';

/**
 * POST /api/user/step-up {password} or {code}: the person at this session proves again who they
 * are, and for the next 5 minutes it may make security changes (docs/decisions/038). Each proof
 * reserves one of the user's proof attempts first (reserve-then-check, decision 040), so a stolen
 * cookie cannot be used to guess either; a code's time step is claimed (no replay).
 */
export const handler = defineRoute(sessionEndpoints.stepUp, async ({ body, session }) => {
  const { user } = session;
  if (body.password === undefined && (!user.mfaEnabled || !user.mfaSecret))
    throw new Refused('invalid', MFA_NOT_ON, { code: MFA_NOT_ON });
  // A wrong proof keeps the reservation as its count.
  const attempt = await reserveProofAttempt(user.id, TOO_MANY_PASSWORD_ATTEMPTS);
  if (body.password !== undefined) {
    if (!(await verifyPassword(body.password, user.passwordHash)))
      throw new Refused('invalid', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  } else {
    const timeStep = await verifyTotp(await decryptTotpSecret(user.mfaSecret!, user.id), body.code!, user.mfaLastTimeStep);
    // A step used meanwhile (the same code sent twice at once) fails the claim's condition.
    if (timeStep === undefined || !(await claimTimeStep(user, timeStep, 'step-up')))
      throw new Refused('invalid', WRONG_CODE, { code: WRONG_CODE });
  }
  await Promise.all([attempt.passed(), markSteppedUp(session.session)]);
  return noContent();
});
