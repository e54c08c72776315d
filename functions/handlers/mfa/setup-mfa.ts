import * as mfaEndpoints from '../../../shared/contract/mfa';
import { Conflict } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { MFA_ALREADY_ON } from '../../mfa/messages';
import { encryptTotpSecret } from '../../mfa/mfa-encryption';
import { newTotpEnrolment } from '../../mfa/totp-enrolment';
import { storePendingSecret } from '../../mfa/writes';

/**
 * POST /api/user/mfa/setup: a new secret for the caller's authenticator app (as a link, as text and
 * as a QR code drawn here). It is kept encrypted as the secret being set up; two-factor is not on
 * until a code of it is entered (enable). A new setup replaces an unfinished one.
 */
export const handler = defineRoute(mfaEndpoints.setup, async ({ session }) => {
  const { user } = session;
  if (user.mfaEnabled) throw new Conflict(MFA_ALREADY_ON);
  const enrolment = newTotpEnrolment(user.username);
  await storePendingSecret(user, await encryptTotpSecret(enrolment.secret, user.id));
  return ok(enrolment);
});
