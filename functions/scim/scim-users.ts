import { randomBytes } from 'node:crypto';
import { getItem } from '../db/reads';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { removeOrganizationUser, saveOrganizationUser } from '../organization-users/writes';
import { hashPassword } from '../security/passwords';
import { deleteSessions, sessionKeysOfUser } from '../sessions/writes';
import { DOMAIN_VERIFIED_ELSEWHERE, claimedElsewhere, domainClaimOf } from '../sso-requirement/rules';
import type { EmailItem, UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { ScimError } from './scim-error';
import type { ScimRequest } from './scim-request';
import { LIST_SCHEMA, SCIM_PAGE_MAX, type ScimUserChanges, type ScimUserInput, toScimUser } from './scim-user';
import { scimUsersPage } from './users-page';

/**
 * The organization's people as SCIM Users (issue 40, item 5; docs/decisions/045), with the same
 * writes an admin's Add User, edit and Remove make, by the actor 'SCIM', each checking in its
 * transaction that the token was not revoked meanwhile. Deactivating a person is removing them.
 */

const notFound = () => new ScimError(404, 'No user with this id in the organization');

/** A user of the token's organization, or 404 (another organization's id included). Strong: IdPs read right after writing. */
export async function scimUserOf(orgId: string, userId: string): Promise<UserItem> {
  const user = await getItem<UserItem>(userKeys.user(orgId, userId), { consistentRead: true });
  if (!user) throw notFound();
  return user;
}

/** Whole numbers of the query string, as RFC 7644 §3.4.2.4 reads them: startIndex below 1 is 1, count below 0 is 0. */
export function pagingOf(query: ScimRequest['query']) {
  const number = (name: string, fallback: number) => {
    const value = query[name];
    if (value === undefined) return fallback;
    if (!/^-?\d{1,9}$/.test(value)) throw new ScimError(400, `${name} must be a whole number`, 'invalidValue');
    return Number(value);
  };
  return {
    startIndex: Math.max(1, number('startIndex', 1)),
    count: Math.min(SCIM_PAGE_MAX, Math.max(0, number('count', SCIM_PAGE_MAX))),
  };
}

const listResponse = (usersUrl: string, resources: UserItem[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources.map((user) => toScimUser(user, usersUrl)),
});

/**
 * GET /Users: with `userName eq`, the one person at that address in the organization (the email
 * item, then the user); without, a page by startIndex and count in creation order (through the
 * cursor the page before it left: users-page.ts), the total from the organization's count.
 */
export async function listScimUsers({ orgId, usersUrl, query }: ScimRequest, userName: string | undefined) {
  const { startIndex, count } = pagingOf(query);
  if (userName !== undefined) {
    const emailItem = await getItem<EmailItem>(userKeys.email(userName), { consistentRead: true });
    const user =
      emailItem?.orgId === orgId
        ? await getItem<UserItem>(userKeys.user(orgId, emailItem.userId), { consistentRead: true })
        : undefined;
    const found = user ? [user] : [];
    return listResponse(usersUrl, found.slice(startIndex - 1, startIndex - 1 + count), found.length, startIndex);
  }
  const [org, page] = await Promise.all([
    getItem<OrganizationItem>(organizationKeys.organization(orgId)),
    scimUsersPage(orgId, startIndex, count),
  ]);
  return listResponse(usersUrl, page, org?.userCount ?? startIndex - 1 + page.length, startIndex);
}

/**
 * POST /Users: a new person, staff, at an address no account holds (409 uniqueness otherwise), with a
 * password nobody knows (they sign in by single sign-on, or set one through the welcome mail's link).
 */
export async function createScimUser(request: ScimRequest, input: ScimUserInput): Promise<UserItem> {
  if (!input.active) throw new ScimError(400, 'A new user must be active', 'invalidValue');
  const [emailItem, org, claim] = await Promise.all([
    getItem<EmailItem>(userKeys.email(input.userName), { consistentRead: true }),
    getItem<OrganizationItem>(organizationKeys.organization(request.orgId)),
    domainClaimOf(input.userName),
  ]);
  // Any account keeps its address, verified or not: a SCIM token never takes one over (docs/decisions/097).
  if (emailItem) throw new ScimError(409, 'A user with this userName already exists', 'uniqueness');
  if (!org) throw new ScimError(401, 'The token’s organization no longer exists');
  if (claimedElsewhere(request.orgId, claim)) throw new ScimError(400, DOMAIN_VERIFIED_ELSEWHERE, 'invalidValue');
  const saved = await saveOrganizationUser(
    request.context,
    {
      username: input.userName,
      fullName: input.fullName,
      role: 'staff',
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      organizationName: org.name,
    },
    { emailItem, authority: request.authority },
  );
  return saved.user;
}

/**
 * PUT or PATCH /Users/{id}: a new name is saved as an admin's edit is; `active: false` removes the
 * person as Remove does (out of every project, their address freed) and ends their sessions at once.
 * Answers the person as they are after the change.
 */
export async function changeScimUser(
  request: ScimRequest,
  current: UserItem,
  changes: ScimUserChanges,
): Promise<{ user: UserItem; active: boolean }> {
  if (changes.active === false) return { user: await deactivateScimUser(request, current), active: false };
  if (changes.fullName === undefined || changes.fullName === current.fullName) return { user: current, active: true };
  return { user: await saveScimUser(request, current, { fullName: changes.fullName }), active: true };
}

/**
 * A new name or role for a person, saved as an admin's edit is (its conditions: the role read, the
 * last admin; its audit entries, by the actor SCIM; a role change notified to the person).
 */
export async function saveScimUser(
  request: ScimRequest,
  current: UserItem,
  change: { fullName?: string; role?: UserItem['role'] },
): Promise<UserItem> {
  const saved = await saveOrganizationUser(
    request.context,
    {
      username: current.username,
      fullName: change.fullName ?? current.fullName,
      role: change.role ?? current.role,
      organizationName: '',
    },
    {
      emailItem: { type: 'EMAIL', userId: current.id, orgId: current.orgId, username: current.username },
      authority: request.authority,
    },
  );
  return saved.user;
}

/** PUT /Users/{id}: the same address (userName cannot change here), a name, active or not. */
export function replaceScimUser(request: ScimRequest, current: UserItem, input: ScimUserInput) {
  if (input.userName.toLowerCase() !== current.username.toLowerCase())
    throw new ScimError(400, 'userName cannot be changed: it is the person’s sign-in address', 'mutability');
  return changeScimUser(request, current, { fullName: input.fullName, active: input.active });
}

/** DELETE, or `active: false`: the removal an admin makes, then every session of theirs deleted (they already stopped working with the user item). */
export async function deactivateScimUser(request: ScimRequest, current: UserItem): Promise<UserItem> {
  const sessions = sessionKeysOfUser(current.id);
  // Its failure matters only once the removal succeeded, which awaits it below.
  sessions.catch(() => undefined);
  const removed = await removeOrganizationUser(request.context, current.id, { target: current, authority: request.authority });
  await deleteSessions(await sessions);
  return removed;
}
