import { type webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { stage } from '../config';
import { Refused } from '../domain/errors';
import { signingKey, verifyWithStageKeys } from '../security/secret';

/**
 * The `cursor` of every paged list (GET /api/projects, the organization's users): where the next
 * page starts (a DynamoDB start key), signed with the session signing key (HS256) and bound to the
 * organization and to the list (which route, its sort, order and filters), so a client can neither
 * aim it at another partition nor reuse it for another list (docs/decisions/027).
 */

export const CURSOR_REFUSED = 'This cursor does not belong to this list. Please start again from the first page.';

/** A start key of a Query: the table's key, and an index's key attributes when the Query was on one. */
export type StartKey = Record<string, string>;

const audience = () => `growthwise:list-cursor:${stage()}`;

/**
 * `list` names the list a cursor belongs to: the route and everything but the limit (which may
 * change between pages), as JSON-able values in a fixed order.
 */
export async function sealCursor(orgId: string, list: readonly unknown[], start: StartKey): Promise<string> {
  return new SignJWT({ org: orgId, list: JSON.stringify(list), start }).setProtectedHeader({ alg: 'HS256' }).setAudience(audience()).sign(await signingKey());
}

/** The start key a cursor names, or a 400 on `cursor` when it was not sealed for this organization and list. */
export async function openCursor(cursor: string, orgId: string, list: readonly unknown[]): Promise<StartKey> {
  const payload = await verifyWithStageKeys((key) => verifyWith(cursor, key)).catch(() => undefined);
  if (!payload || payload.org !== orgId || payload.list !== JSON.stringify(list) || typeof payload.start !== 'object' || payload.start === null) {
    throw new Refused('invalid', CURSOR_REFUSED, { cursor: CURSOR_REFUSED });
  }
  return payload.start as StartKey;
}

async function verifyWith(cursor: string, key: webcrypto.CryptoKey) {
  try {
    return (await jwtVerify(cursor, key, { algorithms: ['HS256'], audience: audience() })).payload;
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed ? ('wrong-key' as const) : undefined;
  }
}
