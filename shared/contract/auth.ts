import * as z from 'zod/mini';
import { loginRequest, registerRequest, userResponse } from '../schemas/auth';
import { loginMfaRequest, mfaChallengeResponse } from '../schemas/mfa';
import { messageResponse } from '../schemas/message';
import { endpoint } from './endpoint';

/** Signing in and out, registration and the signed-in user (spec sections 2, 3 and 9). */
export const authEndpoints = {
  register: endpoint({ method: 'POST', path: '/api/register', auth: 'none', body: registerRequest, response: userResponse }),
  /** The user, signed in; or, for an account with two-factor on, {mfaRequired: true} and a pending cookie instead of a session. */
  login: endpoint({ method: 'POST', path: '/api/login', auth: 'none', body: loginRequest, response: z.union([userResponse, mfaChallengeResponse]) }),
  /** The second step of a two-factor sign-in: a code or a recovery code, with the pending cookie of the first. */
  loginMfa: endpoint({ method: 'POST', path: '/api/login/mfa', auth: 'none', body: loginMfaRequest, response: userResponse }),
  /** Optional session: signing out with an expired cookie still clears it. */
  logout: endpoint({ method: 'POST', path: '/api/logout', auth: 'optional', beforeMfaSetup: true, response: messageResponse }),
  currentUser: endpoint({ method: 'GET', path: '/api/user', auth: 'required', beforeMfaSetup: true, response: userResponse }),
};
