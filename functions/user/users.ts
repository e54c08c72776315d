import { batchGet, keyId } from '../db/reads';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import type { IndexName } from '../db/table-definition';
import { type OrganizationItem } from '../organization/item';
import { type UserItem, emailItemOf, userRecord } from './item';
import { userWordItems } from './words';
import { keys, roleKeyPrefix } from '../db/keys';

/** A user and their organization in one BatchGetItem; undefined when either is gone. */
export async function loadUserWithOrganization(orgId: string, userId: string) {
  const userKey = keys.user(orgId, userId);
  const orgKey = keys.organization(orgId);
  const found = await batchGet([userKey, orgKey]);
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  return user && org ? { user, org } : undefined;
}

/**
 * The organization's first `limit` admins by name: one Query of the role index (docs/decisions/031),
 * never the organization's other users. What an acceptance and a billing alert notify.
 */
export async function adminsOfOrganization(orgId: string, limit: number): Promise<Pick<UserItem, 'id' | 'username' | 'fullName' | 'role'>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'usersByRole' satisfies IndexName,
      KeyConditionExpression: 'PK = :pk AND begins_with(userRoleKey, :admin)',
      ExpressionAttributeValues: { ':pk': keys.organization(orgId).PK, ':admin': roleKeyPrefix('admin') },
      ProjectionExpression: 'id, username, fullName, #role',
      ExpressionAttributeNames: { '#role': 'role' },
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as UserItem[];
}

/**
 * The puts that create a user: the user item (with its index keys) and its email-uniqueness item
 * (either fails if taken: the email's is the second), then its word items.
 */
export function userPuts(user: UserItem) {
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...userRecord(user) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...keys.email(user.username), ...emailItemOf(user) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...userWordItems(user).map((Item) => ({ Put: { TableName: TABLE_NAME, Item } })),
  ];
}
