import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { isId } from '../../shared/ids';
import { ROLES, type Role } from '../../shared/roles';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { batchGet, getItem, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from '../user/item';
import { roleKeyPrefix, userKeys } from '../user/keys';
import { GROUP_NAMES } from './group-names';
import { ScimError, lastAdminError } from './scim-error';
import { type GroupMember, type MemberChanges, SCIM_GROUP_MEMBERS_MAX, toScimGroup } from './scim-group';
import type { ScimRequest } from './scim-request';
import { LIST_SCHEMA } from './scim-user';
import { pagingOf, saveScimUser } from './scim-users';

/**
 * The two fixed groups, Administrators and Staff, as the organization's roles (docs/decisions/060):
 * a group's members are the users of its role, read from the role index; joining a group is taking
 * its role, so every change is a role change an admin could make, by the actor 'SCIM'.
 */

/** People one PUT or PATCH may move between the groups: each is a transaction of its own. */
export const SCIM_GROUP_CHANGES_MAX = 100;

const tooManyMembers = (role: Role) =>
  new ScimError(
    400,
    `${GROUP_NAMES[role]} has more than ${SCIM_GROUP_MEMBERS_MAX} members: ask with excludedAttributes=members and read each User's groups, or change members with PATCH add and remove`,
    'tooMany',
  );

/** The users of a role, by name, from the role index (eventually consistent); more than the cap is 400 tooMany. */
async function membersOf(orgId: string, role: Role): Promise<GroupMember[]> {
  const members: GroupMember[] = [];
  const ofRole = keyBeginsWith('userRoleKey', roleKeyPrefix(role), ':role');
  const pages = paginateQuery(
    { client: db },
    {
      TableName: TABLE_NAME,
      IndexName: 'usersByRole' satisfies IndexName,
      KeyConditionExpression: `PK = :pk AND ${ofRole.expression}`,
      ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK, ...ofRole.values },
      ProjectionExpression: 'id, fullName',
      // One more than the cap tells that there are more.
      Limit: SCIM_GROUP_MEMBERS_MAX + 1,
    },
  );
  for await (const page of pages) {
    members.push(...((page.Items ?? []) as GroupMember[]));
    if (members.length > SCIM_GROUP_MEMBERS_MAX) throw tooManyMembers(role);
  }
  return members;
}

/** One group as the request asks for it: with its members, or (excluded) with no read at all. */
export async function scimGroup({ orgId, baseUrl }: ScimRequest, role: Role, withMembers: boolean) {
  return toScimGroup(role, baseUrl, withMembers ? await membersOf(orgId, role) : undefined);
}

/** GET /Groups: both groups, or the one `displayName eq` names (in any case), paged as the Users are. */
export async function listScimGroups(request: ScimRequest, displayName: string | undefined, withMembers: boolean) {
  const { startIndex, count } = pagingOf(request.query);
  const found = ROLES.filter(
    (role) => displayName === undefined || GROUP_NAMES[role].toLowerCase() === displayName.toLowerCase(),
  );
  const page = found.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: found.length,
    startIndex,
    itemsPerPage: page.length,
    Resources: await Promise.all(page.map((role) => scimGroup(request, role, withMembers))),
  };
}

/** The people a change names, read strongly (an IdP adds a person right after creating them); any id not of this organization is 400. */
async function usersNamed(orgId: string, ids: string[]): Promise<Map<string, UserItem>> {
  const unknown = (id: string) => new ScimError(400, `No user with the id "${id}" in the organization`, 'invalidValue');
  const malformed = ids.find((id) => !isId(id));
  if (malformed !== undefined) throw unknown(malformed);
  const found = await batchGet(
    ids.map((id) => userKeys.user(orgId, id)),
    { consistentRead: true },
  );
  const users = new Map<string, UserItem>();
  for (const id of ids) {
    const user = found.get(keyId(userKeys.user(orgId, id))) as UserItem | undefined;
    if (!user) throw unknown(id);
    users.set(id, user);
  }
  return users;
}

/**
 * A PUT's or PATCH's membership change: who joins the group takes its role; who leaves
 * Administrators becomes staff; nobody can leave Staff but by joining Administrators (or by being
 * deactivated as a User), since everyone has one of the two roles. Everything is checked before the
 * first write, the last admin too (409), and each person's change is then one transaction with its
 * own checks and audit entry. Joins go first, so a new list of admins never passes through none.
 */
export async function changeScimGroup(request: ScimRequest, role: Role, changes: MemberChanges): Promise<void> {
  const current = 'replace' in changes ? await membersOf(request.orgId, role) : undefined;
  const currentIds = new Set(current?.map((member) => member.id));
  const wanted = 'replace' in changes ? new Set(changes.replace) : undefined;
  const add = wanted ? [...wanted].filter((id) => !currentIds.has(id)) : [...new Set((changes as { add: string[] }).add)];
  const remove = wanted
    ? [...currentIds].filter((id) => !wanted.has(id))
    : [...new Set((changes as { remove: string[] }).remove)];
  if (add.length + remove.length > SCIM_GROUP_CHANGES_MAX) {
    throw new ScimError(400, `At most ${SCIM_GROUP_CHANGES_MAX} members can be added or removed in one request`, 'tooMany');
  }
  if (add.length + remove.length === 0) return;
  const [users, org] = await Promise.all([
    usersNamed(request.orgId, [...add, ...remove]),
    getItem<OrganizationItem>(organizationKeys.organization(request.orgId), { consistentRead: true }),
  ]);
  const joining = add.map((id) => users.get(id)!).filter((user) => user.role !== role);
  // Leaving a group one is not in changes nothing (RFC 7644 §3.5.2.2).
  const leaving = remove.map((id) => users.get(id)!).filter((user) => user.role === role);
  if (role === 'staff' && leaving.length > 0) {
    throw new ScimError(
      400,
      'Everyone is in Staff or Administrators: add the person to Administrators instead, or deactivate the User',
      'invalidValue',
    );
  }
  const admins = (org?.adminCount ?? 0) + (role === 'admin' ? joining.length - leaving.length : -joining.length);
  if (admins < 1) throw lastAdminError();
  for (const user of joining) await saveScimUser(request, user, { role });
  for (const user of leaving) await saveScimUser(request, user, { role: 'staff' });
}
