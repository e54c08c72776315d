import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { type OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { type UserItem, emailItemOf, userRecord } from './item';
import { roleKeyPrefix, userKeys } from './keys';
import { userWordItems } from './words';

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

/** The email item's Put may replace a hold of an unproved registration: an invitation's acceptance, an admin's Add User. */
export const TAKES_UNVERIFIED_HOLD = {
  expression: 'attribute_not_exists(PK) OR unverified = :unverified',
  values: { ':unverified': true },
};

/**
 * The puts that create a user: the user item (with its index keys) and its email-uniqueness item
 * (either fails if taken: the email's is the second), then its word items. A registration's address
 * is held `unverified` until its link is followed, and only a registration refuses such a hold of
 * another's; an invitation's acceptance and an admin's Add User take it over (docs/decisions/041).
 */
export function userPuts(user: UserItem, { registration = false } = {}) {
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
        Item: { ...userKeys.email(user.username), ...emailItemOf(user, registration) },
        ...(registration
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: TAKES_UNVERIFIED_HOLD.expression, ExpressionAttributeValues: TAKES_UNVERIFIED_HOLD.values }),
      },
    },
    ...userWordItems(user).map((Item) => ({ Put: { TableName: TABLE_NAME, Item } })),
  ];
}
