import { batchGet, keyId } from '../db/reads';
import { TABLE_NAME } from '../db/client';
import { type OrganizationItem } from '../organization/item';
import { type UserItem, emailItemOf } from './item';
import { collections, keys } from '../db/keys';
import { queryCollection } from '../db/query-collection';

/** A user and their organization in one BatchGetItem; undefined when either is gone. */
export async function loadUserWithOrganization(orgId: string, userId: string) {
  const userKey = keys.user(orgId, userId);
  const orgKey = keys.organization(orgId);
  const found = await batchGet([userKey, orgKey]);
  const user = found.get(keyId(userKey)) as UserItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  return user && org ? { user, org } : undefined;
}

/** Every user of an organization: one Query on the organization's partition, paged internally. */
export async function listUsersOfOrganization(orgId: string): Promise<UserItem[]> {
  return queryCollection<UserItem>(collections.usersOfOrganization(orgId));
}

/** The two puts that create a user: the user item and its email-uniqueness item (fails if taken). */
export function userPuts(user: UserItem) {
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...keys.user(user.orgId, user.id), ...user },
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
  ];
}
