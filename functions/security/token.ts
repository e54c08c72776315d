import { SESSION_LIFETIME_MS } from './lifetime';
import { signStageToken, verifyStageToken } from './stage-token';

export const SESSION_LIFETIME_SECONDS = SESSION_LIFETIME_MS / 1000;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  orgId: string;
}

export function signSessionToken(claims: SessionClaims, expiresAtMs: number): Promise<string> {
  return signStageToken('session', claims.userId, { sid: claims.sessionId, org: claims.orgId }, expiresAtMs);
}

/**
 * Undefined for anything but a well-formed, unexpired token signed with this stage's key: the
 * current one, or during a rotation the previous one (docs/decisions/020).
 */
export async function verifySessionToken(token: string): Promise<SessionClaims | undefined> {
  try {
    const payload = await verifyStageToken('session', token, ['exp', 'iat', 'sub', 'sid', 'org']);
    if (typeof payload?.sid !== 'string' || typeof payload.org !== 'string' || !payload.sub) return undefined;
    return { sessionId: payload.sid, userId: payload.sub, orgId: payload.org };
  } catch {
    return undefined;
  }
}
