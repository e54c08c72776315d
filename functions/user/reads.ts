import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { type OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from './item';
import { roleKeyPrefix, userKeys } from './keys';

/** A user and their organization in one BatchGetItem; undefined when either is gone. */
export async function loadUserWithOrganization(orgId: string, userId: string) {
  const userKey = userKeys.user(orgId, userId);
  const orgKey = organizationKeys.organization(orgId);
  const found = await batchGet([userKey, orgKey]);
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  return user && org ? { user, org } : undefined;
}

/**
 * The organization's first `limit` admins by name: one Query of the role index (docs/decisions/031),
 * never the organization's other users. What an acceptance and a billing alert notify.
 */
export async function adminsOfOrganization(
  orgId: string,
  limit: number,
): Promise<Pick<UserItem, 'id' | 'username' | 'fullName' | 'role'>[]> {
  const admins = keyBeginsWith('userRoleKey', roleKeyPrefix('admin'), ':admin');
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'usersByRole' satisfies IndexName,
      KeyConditionExpression: `PK = :pk AND ${admins.expression}`,
      ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK, ...admins.values },
      ProjectionExpression: 'id, username, fullName, #role',
      ExpressionAttributeNames: { '#role': 'role' },
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as UserItem[];
}
