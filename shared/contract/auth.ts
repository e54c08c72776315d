import { loginCodeRequest, loginCodeResponse, loginRequest, loginResponse, registerRequest, userResponse } from '../schemas/auth';
import { messageResponse } from '../schemas/message';
import { loginMfaRequest } from '../schemas/mfa';
import { endpoint } from './endpoint';

// Signing in and out, registration and the signed-in user (spec sections 2, 3 and 9).

export const register = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/register',
  auth: 'none',
  body: registerRequest,
  response: userResponse,
});
/**
 * The user, signed in; or, for an account with two-factor on, {mfaRequired: true} and a pending cookie instead of a session;
 * or, when failures ask for more proof and this browser is not known to the account, {emailCodeRequired: true} (docs/decisions/040).
 */
export const login = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login',
  auth: 'none',
  body: loginRequest,
  response: loginResponse,
});
/** The second step of a two-factor sign-in: a code or a recovery code, with the pending cookie of the first. */
export const loginMfa = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/mfa',
  auth: 'none',
  body: loginMfaRequest,
  response: userResponse,
});
/** The emailed one-time code of a sign-in that needed more proof, with the cookie of the password step (docs/decisions/040). */
export const loginCode = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/login/code',
  auth: 'none',
  body: loginCodeRequest,
  response: loginCodeResponse,
});
/** Optional session: signing out with an expired cookie still clears it. */
export const logout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/logout',
  auth: 'optional',
  beforeMfaSetup: true,
  response: messageResponse,
});
export const currentUser = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/user',
  auth: 'required',
  beforeMfaSetup: true,
  response: userResponse,
});
