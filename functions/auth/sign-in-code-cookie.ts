import { cookieValue } from '../security/cookie';
import { signStageToken, verifyStageToken } from '../security/stage-token';
import { SIGN_IN_CODE_MS } from './sign-in-codes';

/**
 * The cookie between a password and its emailed code (docs/decisions/040): it names a sign-in code
 * item, never a session, with an audience of its own, sent only to the code step's path.
 */
const SIGN_IN_CODE_COOKIE = '__Secure-growthwise_signin_code';
const COOKIE_PATH = '/api/login/code';

interface SignInCodeClaims {
  id: string;
  /** The email typed: a right code clears its failed-password counter. */
  email: string;
}

export async function signInCodeCookie(claims: SignInCodeClaims, expiresAtMs: number): Promise<string> {
  const token = await signStageToken('sign-in-code', claims.id, { em: claims.email }, expiresAtMs);
  return `${SIGN_IN_CODE_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${SIGN_IN_CODE_MS / 1000}`;
}

export const clearedSignInCodeCookie = () =>
  `${SIGN_IN_CODE_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=0`;

export async function readSignInCode(cookies: string[] | undefined): Promise<SignInCodeClaims | undefined> {
  const token = cookieValue(cookies, SIGN_IN_CODE_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('sign-in-code', token, ['exp', 'iat', 'sub', 'em']);
  if (!payload?.sub || typeof payload.em !== 'string') return undefined;
  return { id: payload.sub, email: payload.em };
}
