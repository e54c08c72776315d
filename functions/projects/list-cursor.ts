import { type webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { Refused } from '../domain/errors';
import { signingKey, verifyWithStageKeys } from '../security/secret';
import type { ProjectListing, StartKey } from './list-page';

/**
 * The `cursor` of GET /api/projects: where the next page starts (a DynamoDB start key), signed with
 * the session signing key (HS256) and bound to the organization and to the list's sort, order and
 * filters, so a client can neither aim it at another partition nor reuse it for another list.
 */

export const CURSOR_REFUSED = 'This cursor does not belong to this list. Please start again from the first page.';

const audience = () => `growthwise:project-cursor:${process.env.STAGE ?? 'local'}`;

/** The list a cursor is for: everything but the limit, which may change between pages. */
const listOf = (listing: ProjectListing) =>
  JSON.stringify([listing.sort, listing.order, [...(listing.statuses ?? [])].sort(), listing.overdue, listing.memberId ?? null, listing.q?.toLowerCase() ?? null]);

export async function sealCursor(orgId: string, listing: ProjectListing, start: StartKey): Promise<string> {
  return new SignJWT({ org: orgId, list: listOf(listing), start }).setProtectedHeader({ alg: 'HS256' }).setAudience(audience()).sign(await signingKey());
}

/** The start key a cursor names, or a 400 on `cursor` when it was not sealed for this organization and list. */
export async function openCursor(cursor: string, orgId: string, listing: ProjectListing): Promise<StartKey> {
  const payload = await verifyWithStageKeys((key) => verifyWith(cursor, key)).catch(() => undefined);
  if (!payload || payload.org !== orgId || payload.list !== listOf(listing) || typeof payload.start !== 'object' || payload.start === null) {
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
