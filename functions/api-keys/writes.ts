import type { ApiKeyScope } from '../../shared/api-key-scopes';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { transactWriteExplained } from '../db/transactions';
import { NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { actorIsAdmin } from '../organization-users/writes';
import { API_KEYS_MAX, type ApiKeyItem, newApiKeySecret } from './item';
import { hashApiKeySecret } from './key-hash';
import { apiKeyKeys } from './keys';
import { listApiKeys } from './reads';

/**
 * The organization's API keys (issue 65; docs/decisions/113): made and revoked by an admin (stepped
 * up), each change one transaction with the check that the actor is still an admin and its audit entry.
 */

export const TOO_MANY_API_KEYS = `An organization can have at most ${API_KEYS_MAX} API keys. Revoke one first.`;

const DAY_MS = 24 * 60 * 60 * 1000;
const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);
const keyTarget = (item: ApiKeyItem) => ({ type: 'api_key' as const, id: item.id, label: item.name });

export async function createApiKey(
  context: WriteContext,
  request: { name: string; scopes: ApiKeyScope[]; expiresInDays?: number | null },
): Promise<{ item: ApiKeyItem; key: string }> {
  const { actor } = context;
  if ((await listApiKeys(actor.orgId)).length >= API_KEYS_MAX) throw new Refused('invalid', TOO_MANY_API_KEYS);
  const at = clockNow();
  const { id, secret, key } = newApiKeySecret(actor.orgId, actor.id);
  const item: ApiKeyItem = {
    type: 'API_KEY',
    id,
    orgId: actor.orgId,
    name: request.name,
    // Each scope once, in the list's own order: the key's answer reads the same however it was asked for.
    scopes: [...new Set(request.scopes)],
    secretHash: await hashApiKeySecret(secret),
    createdAt: at.toISOString(),
    createdBy: { id: actor.id, fullName: actor.fullName },
    ...(request.expiresInDays ? { expiresAt: new Date(at.getTime() + request.expiresInDays * DAY_MS).toISOString() } : {}),
  };
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...apiKeyKeys.apiKey(actor.orgId, id), ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(context, { action: 'api_key.created', target: keyTarget(item), details: { scopes: item.scopes.join(' ') } }),
    ],
    (failed) => (failed.has(0) ? notAdmin() : undefined),
  );
  return { item, key };
}

/** Revokes a key: deleted, so its next request is 401. Another organization's id is 404. */
export async function revokeApiKey(context: WriteContext, keyId: string): Promise<ApiKeyItem> {
  const { actor } = context;
  const item = await getItem(apiKeyKeys.apiKey(actor.orgId, keyId), { consistentRead: true });
  if (!item) throw new NotFound();
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: apiKeyKeys.apiKey(actor.orgId, keyId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      auditPut(context, { action: 'api_key.revoked', target: keyTarget(item) }),
    ],
    (failed) => (failed.has(0) ? notAdmin() : failed.has(1) ? new NotFound() : undefined),
  );
  return item;
}
