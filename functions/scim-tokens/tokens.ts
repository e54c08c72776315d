import { timingSafeEqual } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db, useTenantCredentials } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { batchGet, getItem, keyId } from '../db/reads';
import { conditionHeld, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { type Authority, actorIsAdmin } from '../organization-users/writes';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { SCIM_LAST_USE_STEP_MS, SCIM_TOKENS_MAX, type ScimTokenItem, hashScimSecret, newScimToken, parseScimToken } from './item';
import { scimTokenCollections, scimTokenKeys } from './keys';

/**
 * The organization's SCIM tokens (issue 40, item 5; docs/decisions/045): created and revoked by an
 * admin (stepped up), each change one transaction with the check that the actor is still an admin
 * and its audit entry.
 */

export const TOO_MANY_SCIM_TOKENS = `An organization can have at most ${SCIM_TOKENS_MAX} SCIM tokens. Revoke one first.`;

const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);
const tokenTarget = (item: ScimTokenItem) => ({ type: 'scim_token' as const, id: item.id, label: item.name });

/** The tokens, oldest first (their ids are ULIDs); strong, as the list is read again right after a change. */
export const listScimTokens = (orgId: string) =>
  queryCollection<ScimTokenItem>(scimTokenCollections.scimTokensOfOrganization(orgId), { consistentRead: true });

export async function createScimToken(context: WriteContext, name: string): Promise<{ item: ScimTokenItem; token: string }> {
  const { actor } = context;
  if ((await listScimTokens(actor.orgId)).length >= SCIM_TOKENS_MAX) throw new Refused('invalid', TOO_MANY_SCIM_TOKENS);
  const created = newScimToken(actor.orgId, name, clockNow().toISOString(), { id: actor.id, fullName: actor.fullName });
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Put: {
          TableName: TABLE_NAME,
          Item: { ...scimTokenKeys.scimToken(actor.orgId, created.item.id), ...created.item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(context, { action: 'scim.token_created', target: tokenTarget(created.item) }),
    ],
    (failed) => (failed.has(0) ? notAdmin() : undefined),
  );
  return created;
}

/** Revokes a token: deleted, so its next request is 401. Another organization's id is 404. */
export async function revokeScimToken(context: WriteContext, tokenId: string): Promise<ScimTokenItem> {
  const { actor } = context;
  const item = await getItem(scimTokenKeys.scimToken(actor.orgId, tokenId), { consistentRead: true });
  if (!item) throw new NotFound();
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: scimTokenKeys.scimToken(actor.orgId, tokenId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      auditPut(context, { action: 'scim.token_revoked', target: tokenTarget(item) }),
    ],
    (failed) => (failed.has(0) ? notAdmin() : failed.has(1) ? new NotFound() : undefined),
  );
  return item;
}

/**
 * The token an `Authorization: Bearer …` header presents, when it is a live token of ours: its
 * organization comes from the stored item, whose hash must match (compared in constant time), and
 * the admin who created it must still be an admin there: a token acts with its creator's authority,
 * which ends when they are demoted or removed (docs/decisions/069). Its last use is recorded at
 * most once a minute.
 */
export async function authenticateScimToken(
  authorization: string | undefined,
): Promise<{ token: ScimTokenItem; plan: string } | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const parsed = match ? parseScimToken(match[1]!) : undefined;
  if (!parsed) return undefined;
  // The token names its organization: every call from here, its own read included, goes through that organization's tenant role (docs/decisions/111).
  useTenantCredentials(parsed.orgId);
  // Strong: a token revoked a moment ago must stop working at once. The organization comes in the same
  // round trip: its plan sizes the request budget the token's requests spend (docs/decisions/051).
  const tokenKey = scimTokenKeys.scimToken(parsed.orgId, parsed.tokenId);
  const organizationKey = organizationKeys.organization(parsed.orgId);
  const found = await batchGet([tokenKey, organizationKey], { consistentRead: true });
  const item = found.get(keyId(tokenKey)) as ScimTokenItem | undefined;
  const organization = found.get(keyId(organizationKey)) as OrganizationItem | undefined;
  if (!item || !organization) return undefined;
  const given = Buffer.from(hashScimSecret(parsed.secret), 'hex');
  const stored = Buffer.from(item.secretHash, 'hex');
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return undefined;
  // The creator is named only by the stored item, so this read follows it; strong, as a demotion must stop the token at once.
  if (
    item.createdBy &&
    (await getItem<UserItem>(userKeys.user(item.orgId, item.createdBy.id), { consistentRead: true }))?.role !== 'admin'
  )
    return undefined;
  await recordUse(item);
  return { token: item, plan: organization.plan };
}

async function recordUse(item: ScimTokenItem) {
  const at = clockNow();
  const since = new Date(at.getTime() - SCIM_LAST_USE_STEP_MS).toISOString();
  // Fails harmlessly when it was recorded within the minute, or the token was revoked meanwhile.
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: scimTokenKeys.scimToken(item.orgId, item.id),
        ...updateExpression(
          { set: { lastUsedAt: at.toISOString() } },
          {
            expression: 'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :since)',
            values: { ':since': since },
          },
        ),
      }),
    ),
  );
}

/**
 * What a SCIM write proves in its own transaction: the token still exists (not revoked meanwhile)
 * and its creator is still an admin (not demoted or removed meanwhile).
 */
export function tokenAuthority(token: Pick<ScimTokenItem, 'orgId' | 'id' | 'createdBy'>, refusal: () => Error): Authority {
  return {
    adminId: token.createdBy?.id,
    check: {
      ConditionCheck: {
        TableName: TABLE_NAME,
        Key: scimTokenKeys.scimToken(token.orgId, token.id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    },
    refusal,
  };
}
