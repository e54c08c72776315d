import { type webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { SESSION_LIFETIME_MS } from './lifetime';
import { signingKey, verifyWithStageKeys } from './secret';
import { now } from '../clock';

export const SESSION_LIFETIME_SECONDS = SESSION_LIFETIME_MS / 1000;
const ISSUER = 'growthwise';
const audience = () => `growthwise:${process.env.STAGE ?? 'local'}`;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  orgId: string;
}

export async function signSessionToken(claims: SessionClaims, expiresAtMs: number): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, org: claims.orgId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(audience())
    .setIssuedAt(now())
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(await signingKey());
}

/**
 * Undefined for anything but a well-formed, unexpired token signed with this stage's key: the
 * current one, or during a rotation the previous one (docs/decisions/020).
 */
export async function verifySessionToken(token: string): Promise<SessionClaims | undefined> {
  try {
    return await verifyWithStageKeys((key) => verifyWith(token, key));
  } catch {
    return undefined;
  }
}

async function verifyWith(token: string, key: webcrypto.CryptoKey): Promise<SessionClaims | undefined | 'wrong-key'> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: audience(),
      // exp was set from the functions' clock (SessionItem.expiresAt), so it is checked against it too.
      currentDate: now(),
      // Without requiredClaims jose accepts a token that has no exp.
      requiredClaims: ['exp', 'iat', 'sub', 'sid', 'org'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.org !== 'string' || !payload.sub) return undefined;
    return { sessionId: payload.sid, userId: payload.sub, orgId: payload.org };
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed ? 'wrong-key' : undefined;
  }
}
