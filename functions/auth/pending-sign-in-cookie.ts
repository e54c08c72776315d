import { cookieValue } from '../security/cookie';
import { signStageToken, verifyStageToken } from '../security/stage-token';
import { PENDING_SIGN_IN_MS } from './pending-sign-in-item';

/**
 * The cookie between the two steps of a two-factor sign-in: it names a pending sign-in (a stored
 * item that expires after 5 minutes and is used up by the second step), never a session. Its token
 * has an audience of its own, so the session check refuses it, and the cookie is sent only to the
 * second step's path.
 */
const PENDING_SIGN_IN_COOKIE = '__Secure-growthwise_mfa_pending';
const COOKIE_PATH = '/api/login/mfa';
const MAX_AGE_SECONDS = PENDING_SIGN_IN_MS / 1000;

interface PendingSignInClaims {
  pendingId: string;
  userId: string;
  orgId: string;
  /** The account's email: its failed-attempt counter is read in the second step's first round trip. */
  email: string;
}

export async function pendingSignInCookie(claims: PendingSignInClaims, expiresAtMs: number): Promise<string> {
  const token = await signStageToken(
    'mfa-pending',
    claims.userId,
    { pid: claims.pendingId, org: claims.orgId, em: claims.email },
    expiresAtMs,
  );
  return `${PENDING_SIGN_IN_COOKIE}=${token}; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}`;
}

export const clearedPendingSignInCookie = () =>
  `${PENDING_SIGN_IN_COOKIE}=; HttpOnly; Secure; SameSite=Strict; Path=${COOKIE_PATH}; Max-Age=0`;

/** The claims of the request's pending cookie, or undefined when it is absent, expired, tampered or of another kind. */
export async function readPendingSignIn(cookies: string[] | undefined): Promise<PendingSignInClaims | undefined> {
  const token = cookieValue(cookies, PENDING_SIGN_IN_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('mfa-pending', token, ['exp', 'iat', 'sub', 'pid', 'org', 'em']);
  if (!payload) return undefined;
  const { pid, org, em, sub } = payload;
  if (typeof pid !== 'string' || typeof org !== 'string' || typeof em !== 'string' || !sub) return undefined;
  return { pendingId: pid, userId: sub, orgId: org, email: em };
}
