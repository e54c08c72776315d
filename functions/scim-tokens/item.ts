import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { isId } from '../../shared/ids';
import type { ScimTokenResponse } from '../../shared/schemas/scim-tokens';

/**
 * A SCIM bearer token: `ORG#<orgId> / SCIM_TOKEN#<id>` (scimTokenKeys.scimToken). Only the SHA-256 of its
 * secret is stored; the token itself names the organization and the id, so checking one is one
 * GetItem of the organization's own item (docs/decisions/045).
 */
export interface ScimTokenItem {
  type: 'SCIM_TOKEN';
  id: string;
  orgId: string;
  name: string;
  secretHash: string;
  createdAt: string;
  /**
   * The admin who created it: the token acts only while they are still an admin of the organization
   * (docs/decisions/069). Absent on tokens made before creators were recorded, which keep working.
   */
  createdBy?: { id: string; fullName: string };
  /** ISO-8601, updated at most once a minute (SCIM_LAST_USE_STEP_MS). */
  lastUsedAt?: string;
}

const PREFIX = 'gwscim';
/** At most this many live tokens per organization: one per identity provider, and one while rotating. */
export const SCIM_TOKENS_MAX = 10;
/** How stale the token's last use may be: at most one write a minute per token, whatever the request rate. */
export const SCIM_LAST_USE_STEP_MS = 60_000;

export const hashScimSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new token: the item to store and the token to show once. 256 random bits. */
export function newScimToken(
  orgId: string,
  name: string,
  createdAt: string,
  createdBy: { id: string; fullName: string },
): { item: ScimTokenItem; token: string } {
  const id = ulid();
  const secret = randomBytes(32).toString('hex');
  return {
    item: { type: 'SCIM_TOKEN', id, orgId, name, secretHash: hashScimSecret(secret), createdAt, createdBy },
    token: `${PREFIX}_${orgId}_${id}_${secret}`,
  };
}

/** The organization, id and secret a presented token names, if it has the shape of one of ours. */
export function parseScimToken(token: string): { orgId: string; tokenId: string; secret: string } | undefined {
  const [prefix, orgId, tokenId, secret, ...rest] = token.split('_');
  if (prefix !== PREFIX || rest.length > 0 || !orgId || !tokenId || !secret) return undefined;
  if (!isId(orgId) || !isId(tokenId) || !/^[0-9a-f]{64}$/.test(secret)) return undefined;
  return { orgId, tokenId, secret };
}

export const toScimTokenResponse = (item: ScimTokenItem): ScimTokenResponse => ({
  id: item.id,
  name: item.name,
  createdAt: item.createdAt,
  createdBy: item.createdBy ?? null,
  lastUsedAt: item.lastUsedAt ?? null,
});
