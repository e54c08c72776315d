import { type JWTPayload, SignJWT, errors, jwtVerify } from 'jose';
import { stage } from '../config';
import { signingKey, verifyWithStageKeys } from './secret';
import { now } from '../clock';

const ISSUER = 'growthwise';

/**
 * The tokens this stage signs with its session key. Each kind has an audience of its own, so a
 * token of one kind (or of another stage) is refused where another is expected.
 */
const AUDIENCE_SUFFIX = { session: '', 'mfa-pending': ':mfa-pending', device: ':device', 'sign-in-code': ':sign-in-code', 'sso-sign-in': ':sso-sign-in', 'sso-test-result': ':sso-test-result' } as const;
type TokenKind = keyof typeof AUDIENCE_SUFFIX;

const audience = (kind: TokenKind) => `growthwise:${stage()}${AUDIENCE_SUFFIX[kind]}`;

export async function signStageToken(kind: TokenKind, subject: string, claims: JWTPayload, expiresAtMs: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience(kind))
    .setIssuedAt(now())
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(await signingKey());
}

/**
 * The payload of a well-formed, unexpired token of this kind signed with the stage's key: the
 * current one, or during a rotation the previous one (docs/decisions/020). Undefined otherwise.
 * `requiredClaims` must name exp: without it jose accepts a token that has none. exp was set from
 * stored times of the functions' clock, so it is checked against that clock too.
 */
export function verifyStageToken(kind: TokenKind, token: string, requiredClaims: string[]): Promise<JWTPayload | undefined> {
  return verifyWithStageKeys(async (key) => {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: audience(kind), requiredClaims, currentDate: now() });
      return payload;
    } catch (error) {
      return error instanceof errors.JWSSignatureVerificationFailed ? ('wrong-key' as const) : undefined;
    }
  });
}
