import type { OrganizationUserResponse } from '../../shared/schemas/account';
import type { UserResponse } from '../../shared/schemas/auth';
import { batchGet, keyId } from './reads';
import { TABLE_NAME } from './client';
import type { OrganizationItem, UserItem } from './entities';
import { collections, keys } from './keys';
import { queryCollection } from './query-collection';

/** The API's user shape: never the password hash. */
export function toUserResponse(user: UserItem, org: OrganizationItem): UserResponse {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl ?? null,
    emailVerified: user.emailVerified === true,
    mfaEnabled: user.mfaEnabled === true,
    mfaSetupRequired: mustSetUpMfa(user, org),
    roles: [{ role: user.role, organization: { id: org.id, name: org.name, requireMfa: org.requireMfa === true } }],
  };
}

/** The organization requires two-factor sign-in and this user has not set it up yet. */
export const mustSetUpMfa = (user: UserItem, org: OrganizationItem) => org.requireMfa === true && user.mfaEnabled !== true;

/** A user as the organization's user lists show it. */
export function toOrganizationUserResponse(user: UserItem): OrganizationUserResponse {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl ?? null,
    currentRole: { role: user.role },
  };
}

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
        Item: { ...keys.email(user.username), type: 'EMAIL', userId: user.id, orgId: user.orgId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}
