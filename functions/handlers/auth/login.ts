import * as authEndpoints from '../../../shared/contract/auth';
import { auditPut, userTarget } from '../../audit-log/entries';
import { knowsUser, readDevice } from '../../auth/device-cookie';
import { checkPassword, unknownAddressFailure } from '../../auth/password-check';
import { passwordProven } from '../../auth/password-proven';
import { signInCodeCookie } from '../../auth/sign-in-code-cookie';
import { startSignInCode } from '../../auth/sign-in-codes';
import { now as clockNow } from '../../clock';
import { batchGet, keyId } from '../../db/reads';
import { transactWrite } from '../../db/transactions';
import { Refused } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { HttpError, tooManyRequests } from '../../http/http-error';
import { ok } from '../../http/response';
import { countMetric } from '../../observability/metrics';
import type { SsoDomainClaimItem } from '../../sso/item';
import {
  SSO_REQUIRED_FOR_PASSWORD,
  claimKeyOf,
  organizationRequiringSso,
  passwordRefusedBySso,
} from '../../sso-requirement/rules';
import { slowAfterFailures } from '../../throttles/failed-password-delay';
import { TOO_MANY_SIGN_INS } from '../../throttles/rules';
import { signInCounters, signInGate } from '../../throttles/sign-in-limits';
import type { EmailItem } from '../../user/item';
import { userKeys } from '../../user/keys';

/** One message for a wrong password and an unknown email, so neither tells which. */
const LOGIN_FAILED = 'Invalid email or password';

/**
 * POST /api/login. The limits (functions/throttles/sign-in-limits.ts, docs/decisions/040) decide
 * first, from one BatchGetItem of the counters and the email item: a password checked directly
 * (an attempt reserved before the check), or, once the account or the address has failed too often
 * and this browser is not known to the account, a password whose right answer only mails a code.
 */
export const handler = defineRoute(authEndpoints.login, async (request) => {
  const { body, clientIp, event, requestId } = request;
  const email = body.username.trim().toLowerCase();
  const device = await readDevice(event.cookies);
  const counters = signInCounters(email, clientIp, device?.deviceId, clockNow().getTime());
  const emailKey = userKeys.email(email);
  const claimKey = claimKeyOf(email);
  const found = await batchGet([...counters.keys, emailKey, ...(claimKey ? [claimKey] : [])]);
  const emailItem = found.get(keyId(emailKey)) as EmailItem | undefined;
  const gate = await signInGate(counters, found, knowsUser(device, emailItem?.userId));
  if (gate.gate === 'refused') throw tooManyRequests(TOO_MANY_SIGN_INS, gate.retryAfter);
  // Single sign-on required for the address (docs/decisions/059): told before any password is checked, so the answer says nothing of the password.
  const requiring = await organizationRequiringSso(claimKey && (found.get(keyId(claimKey)) as SsoDomainClaimItem | undefined));
  if (passwordRefusedBySso(requiring, emailItem)) {
    countMetric('SignInsFailed');
    throw new Refused('not-allowed', SSO_REQUIRED_FOR_PASSWORD);
  }
  if (gate.gate === 'password') await slowAfterFailures(gate.failures, requestId);

  const { account: user, valid } = await checkPassword(emailItem, body.password);
  // A failure on an account is recorded in its organization's log; an unknown email belongs to no
  // organization, so no log holds it (docs/decisions/016b), but its answer pays the same write.
  const failedEntry = valid
    ? []
    : [
        user
          ? auditPut(writeContext(user.user, request), {
              action: 'session.sign_in_failed',
              target: userTarget(user.user),
              details: { reason: 'wrong_password' },
            })
          : unknownAddressFailure(email),
      ];

  if (gate.gate === 'email-code') {
    // The same answer, right password or not: only a right one's owner gets a code by mail.
    if (!valid) {
      await Promise.all([gate.countFailure(), transactWrite(failedEntry)]);
      countMetric('SignInsFailed');
    }
    const pending = await startSignInCode(email, valid ? user.user : undefined);
    return ok(
      { emailCodeRequired: true as const },
      { cookies: [await signInCodeCookie({ id: pending.id, email }, pending.expiresAt)] },
    );
  }

  if (!valid) {
    // The attempt reserved before the check is the failure's count.
    await transactWrite(failedEntry);
    countMetric('SignInsFailed');
    // At a domain that requires single sign-on, a wrong password answers as every other address there
    // does: a 401 would tell which addresses keep password access (break-glass) or have an account elsewhere.
    if (requiring) throw new Refused('not-allowed', SSO_REQUIRED_FOR_PASSWORD);
    throw new HttpError(401, LOGIN_FAILED);
  }
  // Right, even where the app's code is still due: whoever typed it is no longer guessing the password.
  await gate.passed();
  return passwordProven(user, email, device, request);
});
