import { cookieValue } from '../security/cookie';
import { signStageToken, verifyStageToken } from '../security/stage-token';
import type { OidcAttempt } from './oidc';

/**
 * The browser's pending single sign-on (docs/decisions/044): the attempt's state, nonce and PKCE
 * verifier, the organization and where to land, signed with the stage key under an audience of its
 * own. It binds the callback to the browser that started it (a callback with another browser's
 * state is refused: login CSRF), and is sent only to /api/sso/. SameSite=Lax: the identity
 * provider's redirect back is a cross-site top-level GET, which Lax lets through.
 */
const SSO_COOKIE = '__Secure-growthwise_sso';
const COOKIE_PATH = '/api/sso/';
/** Time enough to sign in at the identity provider, password and second factor included. */
export const SSO_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * An admin's 'Test connection' (docs/decisions/044): the admin and the session that started it. A
 * pending sign-in carrying it signs nobody in; its result is for that session only.
 */
export interface SsoTester {
  userId: string;
  sessionId: string;
  fullName: string;
  username: string;
}

export interface PendingSsoSignIn extends OidcAttempt {
  orgId: string;
  /** Where the person was going (a deep link), or /dashboard. */
  returnTo: string;
  test?: SsoTester;
}

const testerClaim = (test: SsoTester | undefined) => (test ? { tt: { ...test } } : {});

function testerOf(claim: unknown): SsoTester | undefined {
  if (typeof claim !== 'object' || claim === null) return undefined;
  const { userId, sessionId, fullName, username } = claim as Record<string, unknown>;
  return typeof userId === 'string' &&
    typeof sessionId === 'string' &&
    typeof fullName === 'string' &&
    typeof username === 'string'
    ? { userId, sessionId, fullName, username }
    : undefined;
}

export async function ssoSignInCookie(pending: PendingSsoSignIn, expiresAtMs: number): Promise<string> {
  const token = await signStageToken(
    'sso-sign-in',
    pending.orgId,
    { st: pending.state, nn: pending.nonce, cv: pending.codeVerifier, rt: pending.returnTo, ...testerClaim(pending.test) },
    expiresAtMs,
  );
  return `${SSO_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=${COOKIE_PATH}; Max-Age=${SSO_SIGN_IN_MS / 1000}`;
}

export const clearedSsoSignInCookie = () => `${SSO_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=${COOKIE_PATH}; Max-Age=0`;

export async function readSsoSignIn(cookies: string[] | undefined): Promise<PendingSsoSignIn | undefined> {
  const token = cookieValue(cookies, SSO_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('sso-sign-in', token, ['exp', 'iat', 'sub', 'st', 'nn', 'cv', 'rt']);
  if (
    !payload?.sub ||
    typeof payload.st !== 'string' ||
    typeof payload.nn !== 'string' ||
    typeof payload.cv !== 'string' ||
    typeof payload.rt !== 'string'
  )
    return undefined;
  const test = testerOf(payload.tt);
  return {
    orgId: payload.sub,
    state: payload.st,
    nonce: payload.nn,
    codeVerifier: payload.cv,
    returnTo: payload.rt,
    ...(test ? { test } : {}),
  };
}

/**
 * The browser's pending SAML sign-in (docs/decisions/058): the AuthnRequest's id, the organization
 * and where to land. A cookie of its own: the IdP returns by a cross-site POST, which SameSite=Lax
 * does not let a cookie through, so this one is SameSite=None, sent only to the ACS. The
 * InResponseTo check against it is what stops login CSRF there.
 */
const SAML_COOKIE = '__Secure-growthwise_saml';
const SAML_COOKIE_PATH = '/api/sso/saml/';

export interface PendingSamlSignIn {
  orgId: string;
  requestId: string;
  returnTo: string;
  test?: SsoTester;
}

export async function samlSignInCookie(pending: PendingSamlSignIn, expiresAtMs: number): Promise<string> {
  const token = await signStageToken(
    'sso-sign-in',
    pending.orgId,
    { rq: pending.requestId, rt: pending.returnTo, ...testerClaim(pending.test) },
    expiresAtMs,
  );
  return `${SAML_COOKIE}=${token}; HttpOnly; Secure; SameSite=None; Path=${SAML_COOKIE_PATH}; Max-Age=${SSO_SIGN_IN_MS / 1000}`;
}

export const clearedSamlSignInCookie = () =>
  `${SAML_COOKIE}=; HttpOnly; Secure; SameSite=None; Path=${SAML_COOKIE_PATH}; Max-Age=0`;

export async function readSamlSignIn(cookies: string[] | undefined): Promise<PendingSamlSignIn | undefined> {
  const token = cookieValue(cookies, SAML_COOKIE);
  if (!token) return undefined;
  const payload = await verifyStageToken('sso-sign-in', token, ['exp', 'iat', 'sub', 'rq', 'rt']);
  if (!payload?.sub || typeof payload.rq !== 'string' || typeof payload.rt !== 'string') return undefined;
  const test = testerOf(payload.tt);
  return { orgId: payload.sub, requestId: payload.rq, returnTo: payload.rt, ...(test ? { test } : {}) };
}
