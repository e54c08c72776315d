import * as authEndpoints from '../../../shared/contract/auth';
import { SIGN_IN_CODE_EXPIRED, WRONG_SIGN_IN_CODE } from '../../../shared/schemas/auth';
import { readDevice } from '../../auth/device-cookie';
import { passwordProven } from '../../auth/password-proven';
import { clearedSignInCodeCookie, readSignInCode } from '../../auth/sign-in-code-cookie';
import { trySignInCode } from '../../auth/sign-in-codes';
import { defineRoute } from '../../http/define-route';
import { HttpError, badRequest } from '../../http/http-error';
import { countMetric } from '../../observability/metrics';
import { FAILED_PASSWORDS_PER_ACCOUNT } from '../../throttles/rules';
import { clearThrottle, throttleCounter } from '../../throttles/throttles';
import { loadUserWithOrganization } from '../../user/reads';

/**
 * POST /api/login/code {code}: the emailed one-time code of a sign-in that needed more proof
 * (docs/decisions/040), with the cookie of its password step. Each try is taken before the code is
 * compared (5 per code); a right code proves the password and the mailbox: the account's failures
 * are cleared and the sign-in goes on as after a right password (two-factor's code, or the session).
 * An absent, expired, used or worn-out code is 400: the sign-in starts over.
 */
export const handler = defineRoute(authEndpoints.loginCode, async (request) => {
  const { body, event } = request;
  const expired = () => badRequest(SIGN_IN_CODE_EXPIRED, { code: SIGN_IN_CODE_EXPIRED });
  const claims = await readSignInCode(event.cookies);
  if (!claims) throw expired();
  const tried = await trySignInCode(claims.id, body.code);
  if (tried.outcome === 'expired') throw expired();
  if (tried.outcome === 'wrong') {
    countMetric('SignInsFailed');
    throw new HttpError(401, WRONG_SIGN_IN_CODE, { code: WRONG_SIGN_IN_CODE });
  }
  const user = await loadUserWithOrganization(tried.orgId, tried.userId);
  if (!user) throw expired();
  await clearThrottle(throttleCounter(FAILED_PASSWORDS_PER_ACCOUNT, claims.email));
  return passwordProven(user, claims.email, await readDevice(event.cookies), request, [clearedSignInCodeCookie()]);
});
