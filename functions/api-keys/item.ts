import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../shared/api-key-scopes';
import { ULID } from '../../shared/ids';
import type { ApiKeyResponse } from '../../shared/schemas/api-keys';

/**
 * An organization's API key: `ORG#<orgId> / API_KEY#<id>` (apiKeyKeys.apiKey). Only a keyed hash of
 * its secret is stored (functions/api-keys/key-hash.ts); the key itself names the organization, the
 * key's id and its creator, so checking one is a single BatchGetItem with the organization and the
 * creator (docs/decisions/113).
 */
export interface ApiKeyItem {
  type: 'API_KEY';
  id: string;
  orgId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** HMAC-SHA256 of the secret under the stage's signing key (hex). */
  secretHash: string;
  createdAt: string;
  /** The admin who created it: the key acts only while they are an admin of the organization (as SCIM tokens, docs/decisions/069). */
  createdBy: { id: string; fullName: string };
  /** ISO-8601; absent when it lives until revoked. */
  expiresAt?: string;
  /** ISO-8601, updated at most once a minute (API_KEY_LAST_USE_STEP_MS). */
  lastUsedAt?: string;
}

/** At most this many live keys per organization: one per connected tool, and one while rotating. */
export const API_KEYS_MAX = 25;
/** How stale the key's last use may be: at most one write a minute per key, whatever the request rate. */
export const API_KEY_LAST_USE_STEP_MS = 60_000;

/** What a presented key names, when it has the shape of one of ours. */
export interface ParsedApiKey {
  orgId: string;
  keyId: string;
  creatorId: string;
  secret: string;
}

/** A new key's secret (256 random bits, hex) and the key to show once: `gw_live_<org>_<key>_<creator>_<secret>`. */
export function newApiKeySecret(orgId: string, creatorId: string): { id: string; secret: string; key: string } {
  const id = ulid();
  const secret = randomBytes(32).toString('hex');
  return { id, secret, key: `${API_KEY_PREFIX}${orgId}_${id}_${creatorId}_${secret}` };
}

export function parseApiKey(key: string): ParsedApiKey | undefined {
  if (!key.startsWith(API_KEY_PREFIX)) return undefined;
  const [orgId, keyId, creatorId, secret, ...rest] = key.slice(API_KEY_PREFIX.length).split('_');
  if (rest.length > 0 || !orgId || !keyId || !creatorId || !secret) return undefined;
  if (!ULID.test(orgId) || !ULID.test(keyId) || !ULID.test(creatorId) || !/^[0-9a-f]{64}$/.test(secret)) return undefined;
  return { orgId, keyId, creatorId, secret };
}

/** The key presented by `Authorization: Bearer gw_live_…`, or undefined when the header holds none of ours. */
export function presentedApiKey(authorization: string | undefined): ParsedApiKey | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? parseApiKey(match[1]!) : undefined;
}

/** A key past its expiry works no more: decided by the stored time, whatever the clock of the request. */
export const isExpired = (item: Pick<ApiKeyItem, 'expiresAt'>, now: Date) =>
  item.expiresAt !== undefined && item.expiresAt <= now.toISOString();

export const toApiKeyResponse = (item: ApiKeyItem): ApiKeyResponse => ({
  id: item.id,
  name: item.name,
  scopes: item.scopes,
  createdAt: item.createdAt,
  createdBy: item.createdBy,
  expiresAt: item.expiresAt ?? null,
  lastUsedAt: item.lastUsedAt ?? null,
});
