import * as authEndpoints from '../../../shared/contract/auth';
import { SIGN_IN_EXPIRED, WRONG_CODE, WRONG_RECOVERY_CODE } from '../../../shared/schemas/mfa';
import { auditPut, userTarget } from '../../audit-log/entries';
import { readDevice } from '../../auth/device-cookie';
import { authKeys } from '../../auth/keys';
import { signedIn } from '../../auth/password-proven';
import { clearedPendingSignInCookie, readPendingSignIn } from '../../auth/pending-sign-in-cookie';
import { type PendingSignInItem, isPendingSignInLive } from '../../auth/pending-sign-in-item';
import { finishPendingSignIn } from '../../auth/pending-sign-ins';
import { batchGet, keyId } from '../../db/reads';
import { transactWrite } from '../../db/transactions';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { HttpError, badRequest } from '../../http/http-error';
import { decryptTotpSecret, hashRecoveryCode } from '../../mfa/mfa-encryption';
import { verifyTotp } from '../../mfa/totp';
import { claimTimeStep, useRecoveryCode } from '../../mfa/writes';
import { countMetric } from '../../observability/metrics';
import type { OrganizationItem } from '../../organization/item';
import { organizationKeys } from '../../organization/keys';
import { deleteSessionsOfUser } from '../../sessions/writes';
import { reserveProofAttempt } from '../../throttles/account-failures';
import { TOO_MANY_SIGN_INS } from '../../throttles/rules';
import type { UserItem } from '../../user/item';
import { userKeys } from '../../user/keys';

/**
 * POST /api/login/mfa {code} | {recoveryCode}: the second step of a two-factor sign-in, with the
 * pending cookie of the first. One BatchGetItem reads the pending sign-in, the user and the
 * organization; each code checked takes one of the user's proof attempts first. A right code (of a time step not used before) or an unused
 * recovery code uses the pending sign-in up and starts the session; a recovery code also ends every
 * other session and sends a mail, and this browser becomes a known device of the account. An absent or expired pending cookie is 400: the sign-in starts over.
 */
export const handler = defineRoute(authEndpoints.loginMfa, async (request) => {
  const { body, event } = request;
  const field = body.code !== undefined ? 'code' : 'recoveryCode';
  const expired = () => badRequest(SIGN_IN_EXPIRED, { [field]: SIGN_IN_EXPIRED });
  const claims = await readPendingSignIn(event.cookies);
  if (!claims) throw expired();

  const pendingKey = authKeys.pendingSignIn(claims.userId, claims.pendingId);
  const userKey = userKeys.user(claims.orgId, claims.userId);
  const orgKey = organizationKeys.organization(claims.orgId);
  const found = await batchGet([pendingKey, userKey, orgKey], { consistentRead: true });
  const pending = found.get(keyId(pendingKey)) as PendingSignInItem | undefined;
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  // A user removed, or whose two-factor was reset, since the password step starts over too.
  if (!isPendingSignInLive(pending) || pending.orgId !== claims.orgId || !user || !org || !user.mfaEnabled || !user.mfaSecret)
    throw expired();

  // Reserve-then-check, on the user's own proofs: only someone who had the password can use them up.
  const attempt = await reserveProofAttempt(user.id, TOO_MANY_SIGN_INS);

  const usedRecoveryCode = body.recoveryCode !== undefined;
  const context = writeContext(user, request);
  const failure = (reason: string) =>
    auditPut(context, { action: 'session.sign_in_failed', target: userTarget(user), details: { reason } });
  // A wrong code is recorded (the reserved attempt is its count).
  const refuse = async (reason: string) => {
    await transactWrite([failure(reason)]);
    countMetric('SignInsFailed');
  };
  if (body.recoveryCode !== undefined) {
    if (!(await useRecoveryCode(context, user, await hashRecoveryCode(body.recoveryCode)))) {
      await refuse('wrong_recovery_code');
      throw new HttpError(401, WRONG_RECOVERY_CODE, { recoveryCode: WRONG_RECOVERY_CODE });
    }
  } else {
    const timeStep = await verifyTotp(await decryptTotpSecret(user.mfaSecret, user.id), body.code ?? '', user.mfaLastTimeStep);
    // The step is claimed by a conditional write: the same code sent twice at once passes once.
    if (timeStep === undefined || !(await claimTimeStep(user, timeStep))) {
      await refuse('wrong_code');
      throw new HttpError(401, WRONG_CODE, { code: WRONG_CODE });
    }
  }
  if (!(await finishPendingSignIn(user.id, pending.id))) throw expired();

  await attempt.passed();
  // A recovery code means the phone may be in other hands: every other session ends.
  if (usedRecoveryCode) await deleteSessionsOfUser(user.id);
  return signedIn({ user, org }, await readDevice(event.cookies), request, usedRecoveryCode ? 'recovery_code' : 'totp', [
    clearedPendingSignInCookie(),
  ]);
});
