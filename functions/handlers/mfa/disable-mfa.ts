import * as mfaEndpoints from '../../../shared/contract/mfa';
import { WRONG_CODE, WRONG_PASSWORD } from '../../../shared/schemas/mfa';
import { Refused } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { MFA_NOT_ON } from '../../mfa/messages';
import { decryptTotpSecret } from '../../mfa/mfa-encryption';
import { verifyTotp } from '../../mfa/totp';
import { disableMfa } from '../../mfa/writes';
import { verifyPassword } from '../../security/passwords';
import { deleteSessionsOfUser, markSteppedUp } from '../../sessions/writes';
import { reserveProofAttempt } from '../../throttles/account-failures';
import { TOO_MANY_PASSWORD_ATTEMPTS } from '../../throttles/rules';

/**
 * POST /api/user/mfa/disable {password, code}: both proofs, so a stolen cookie alone cannot turn it
 * off. A wrong password or a wrong code keeps the proof attempt it took first (reserve-then-check); a code
 * already used (its time step) is refused. Then the mail goes out, every other session ends, and
 * this one counts as stepped up (docs/decisions/038).
 */
export const handler = defineRoute(mfaEndpoints.disable, async (request) => {
  const { body, session } = request;
  const { user } = session;
  if (!user.mfaEnabled || !user.mfaSecret) throw new Refused('invalid', MFA_NOT_ON);
  // One attempt covers both proofs: a wrong password or a wrong code keeps it as the failure.
  const attempt = await reserveProofAttempt(user.id, TOO_MANY_PASSWORD_ATTEMPTS);
  if (!(await verifyPassword(body.password, user.passwordHash)))
    throw new Refused('invalid', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  const timeStep = await verifyTotp(await decryptTotpSecret(user.mfaSecret, user.id), body.code, user.mfaLastTimeStep);
  // A step used meanwhile (the same code sent twice at once) fails the write's condition.
  if (timeStep === undefined || !(await disableMfa(writeContext(user, request), timeStep)))
    throw new Refused('invalid', WRONG_CODE, { code: WRONG_CODE });
  await attempt.passed();
  // Both proofs were just given: setting up a new authenticator next needs no other step-up.
  await Promise.all([deleteSessionsOfUser(user.id, session.session.id), markSteppedUp(session.session)]);
  return ok({ message: 'Two-factor authentication is off.' });
});
