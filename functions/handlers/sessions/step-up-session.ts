import * as sessionEndpoints from '../../../shared/contract/sessions';
import { WRONG_CODE, WRONG_PASSWORD } from '../../../shared/schemas/mfa';
import { countAttempt } from '../../throttles/throttles';
import { MFA_NOT_ON, claimTimeStep } from '../../mfa/mfa';
import { markSteppedUp } from '../../sessions/sessions';
import { Refused } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { noContent } from '../../http/response';
import { accountFailuresUnlessLocked } from '../../throttles/account-failures';
import { decryptTotpSecret } from '../../mfa/mfa-encryption';
import { verifyPassword } from '../../security/passwords';
import { TOO_MANY_PASSWORD_ATTEMPTS } from '../../throttles/rules';
import { verifyTotp } from '../../mfa/totp';

/**
 * POST /api/user/step-up {password} or {code}: the person at this session proves again who they
 * are, and for the next 5 minutes it may make security changes (docs/decisions/038). A wrong
 * password or code counts toward the account's failed-password limit, so a stolen cookie cannot
 * be used to guess either; a code's time step is claimed (no replay).
 */
export const handler = defineRoute(sessionEndpoints.stepUp, async ({ body, session }) => {
  const { user } = session;
  const failures = await accountFailuresUnlessLocked(user.username, TOO_MANY_PASSWORD_ATTEMPTS);
  if (body.password !== undefined) {
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      await countAttempt(failures);
      throw new Refused('invalid', WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
  } else {
    if (!user.mfaEnabled || !user.mfaSecret) throw new Refused('invalid', MFA_NOT_ON, { code: MFA_NOT_ON });
    const timeStep = await verifyTotp(await decryptTotpSecret(user.mfaSecret, user.id), body.code!, user.mfaLastTimeStep);
    // A step used meanwhile (the same code sent twice at once) fails the claim's condition.
    if (timeStep === undefined || !(await claimTimeStep(user, timeStep, 'step-up'))) {
      await countAttempt(failures);
      throw new Refused('invalid', WRONG_CODE, { code: WRONG_CODE });
    }
  }
  await markSteppedUp(session.session);
  return noContent();
});
