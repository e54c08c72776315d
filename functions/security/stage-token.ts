import { type webcrypto } from 'node:crypto';
import { type JWTPayload, SignJWT, errors, jwtVerify } from 'jose';
import { now } from '../clock';
import { stage } from '../config';
import { unsubscribeLinkKey } from '../mfa/mfa-encryption';
import { signingKey, verifyWithStageKeys } from './secret';

const ISSUER = 'growthwise';

/**
 * Every token and cursor this stage signs: one format (a JWT, HS256), one issuer. Each kind has an
 * audience of its own, so a token of one kind (or of another stage) is refused where another is
 * expected. Most are signed with the session key, which is rotated weekly (docs/decisions/020);
 * unsubscribe links live 90 days, longer than a rotation lets a token live, so they are signed with
 * a key derived from the never-rotated MFA secret (docs/decisions/055).
 */
const KINDS = {
  session: { suffix: '', key: 'session' },
  'mfa-pending': { suffix: ':mfa-pending', key: 'session' },
  device: { suffix: ':device', key: 'session' },
  'sign-in-code': { suffix: ':sign-in-code', key: 'session' },
  'sso-sign-in': { suffix: ':sso-sign-in', key: 'session' },
  'sso-test-result': { suffix: ':sso-test-result', key: 'session' },
  'list-cursor': { suffix: ':list-cursor', key: 'session' },
  unsubscribe: { suffix: ':unsubscribe', key: 'unsubscribe-link' },
} as const satisfies Record<string, { suffix: string; key: 'session' | 'unsubscribe-link' }>;
type TokenKind = keyof typeof KINDS;

const audience = (kind: TokenKind) => `growthwise:${stage()}${KINDS[kind].suffix}`;

type Key = webcrypto.CryptoKey | Uint8Array;

/**
 * `expiresAtMs` undefined: a token with no end of its own (a list's cursor, bound to its list
 * instead). `atMs`: when it is signed, by the functions' clock unless given.
 */
export async function signStageToken(
  kind: TokenKind,
  subject: string,
  claims: JWTPayload,
  expiresAtMs: number | undefined,
  atMs = now().getTime(),
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience(kind))
    .setIssuedAt(new Date(atMs));
  if (expiresAtMs !== undefined) jwt.setExpirationTime(Math.floor(expiresAtMs / 1000));
  return jwt.sign(KINDS[kind].key === 'session' ? await signingKey() : await unsubscribeLinkKey());
}

/**
 * The payload of a well-formed, unexpired token of this kind signed with the stage's key: for the
 * session key the current one, or during a rotation the previous one (docs/decisions/020).
 * Undefined otherwise. `requiredClaims` must name exp for a kind that expires: without it jose
 * accepts a token that has none. exp was set from stored times of the functions' clock, so it is
 * checked against that clock too (or against `atMs` when given).
 */
export async function verifyStageToken(
  kind: TokenKind,
  token: string,
  requiredClaims: string[],
  atMs?: number,
): Promise<JWTPayload | undefined> {
  const verify = async (key: Key) => {
    try {
      const options = {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: audience(kind),
        requiredClaims,
        currentDate: atMs === undefined ? now() : new Date(atMs),
      };
      return (await jwtVerify(token, key, options)).payload;
    } catch (error) {
      return error instanceof errors.JWSSignatureVerificationFailed ? ('wrong-key' as const) : undefined;
    }
  };
  if (KINDS[kind].key === 'session') return verifyWithStageKeys(verify);
  const payload = await verify(await unsubscribeLinkKey());
  return payload === 'wrong-key' ? undefined : payload;
}
