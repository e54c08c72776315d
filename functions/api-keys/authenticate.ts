import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { Key } from '../db/keys';
import { type Item, batchGet, keyId } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { API_KEY_LAST_USE_STEP_MS, type ApiKeyItem, type ParsedApiKey, isExpired } from './item';
import { hashApiKeySecret, matchApiKeySecret } from './key-hash';
import { apiKeyKeys } from './keys';

/** A request made with a live key: the key, its organization, and the items the route asked to read with them. */
export interface AuthenticatedApiKey {
  item: ApiKeyItem;
  org: OrganizationItem;
  preloadedAll: (Item | undefined)[];
}

/**
 * The key a request presents, when it is live: its stored item (whose keyed hash must match), not
 * expired, and its creator still an admin of the organization (a key acts with its creator's
 * authority, as SCIM tokens do: docs/decisions/069). The key names its organization, its id and its
 * creator, so the key, the organization, the creator and the route's own items come in one strong
 * BatchGetItem: a key's request costs the round trips a session's does. Its last use is recorded at
 * most once a minute.
 */
export async function authenticateApiKey(
  parsed: ParsedApiKey,
  preload?: (orgId: string) => Key | readonly (Key | undefined)[] | undefined,
): Promise<AuthenticatedApiKey | undefined> {
  const itemKey = apiKeyKeys.apiKey(parsed.orgId, parsed.keyId);
  const orgKey = organizationKeys.organization(parsed.orgId);
  const creatorKey = userKeys.user(parsed.orgId, parsed.creatorId);
  const extraKeys = [preload?.(parsed.orgId) ?? []].flat();
  // Strong: a key revoked or a creator demoted a moment ago must stop working at once.
  const found = await batchGet([itemKey, orgKey, creatorKey, ...extraKeys.filter((key) => key !== undefined)], {
    consistentRead: true,
  });
  const item = found.get(keyId(itemKey)) as ApiKeyItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  const creator = found.get(keyId(creatorKey)) as UserItem | undefined;
  if (!item || !org || item.orgId !== parsed.orgId || item.createdBy.id !== parsed.creatorId) return undefined;
  const matched = await matchApiKeySecret(parsed.secret, item.secretHash);
  const at = clockNow();
  if (!matched || isExpired(item, at) || creator?.role !== 'admin') return undefined;
  await recordUse(item, at, matched === 'previous' ? await hashApiKeySecret(parsed.secret) : undefined);
  return { item, org, preloadedAll: extraKeys.map((key) => (key ? found.get(keyId(key)) : undefined)) };
}

/** Records the last use (at most once a minute) and, after a rotation of the signing key, the hash under the new key. */
async function recordUse(item: ApiKeyItem, at: Date, rehashed: string | undefined) {
  const since = new Date(at.getTime() - API_KEY_LAST_USE_STEP_MS).toISOString();
  if (!rehashed && item.lastUsedAt !== undefined && item.lastUsedAt >= since) return;
  // Fails harmlessly when another request recorded it within the minute, or the key was revoked meanwhile.
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: apiKeyKeys.apiKey(item.orgId, item.id),
        ...updateExpression(
          { set: { lastUsedAt: at.toISOString(), ...(rehashed ? { secretHash: rehashed } : {}) } },
          rehashed
            ? { expression: 'attribute_exists(PK)' }
            : {
                expression: 'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :since)',
                values: { ':since': since },
              },
        ),
      }),
    ),
  );
}

/**
 * Who a key's request is, for the handlers that serve people and keys alike: the organization
 * acting through the key, named 'API key: <name>' in activity, comments and the audit log, with a
 * member's rights (never an admin's: the admin routes name no scope). Never stored.
 */
export function apiKeyActor(item: ApiKeyItem): UserItem {
  return {
    type: 'USER',
    id: item.id,
    orgId: item.orgId,
    username: '',
    fullName: `API key: ${item.name}`,
    role: 'staff',
    passwordHash: '',
    avatarUrl: null,
    createdAt: item.createdAt,
  };
}
