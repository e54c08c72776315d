import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../shared/roles';
import { USER_PAGE_DEFAULT, type UserListQuery, type UserSort } from '../../shared/schemas/organization-users';
import { TABLE_NAME } from '../db/client';
import { anyIndexKey, keyBeginsWith } from '../db/key-prefix';
import { type StartKey, openCursor, sealCursor } from '../db/list-cursor';
import {
  type Page,
  type PagedQuery,
  SUBSTRING_SEARCH_MAX_ITEMS,
  keyCondition,
  readQueryPage,
  readWordPage,
  resumedWithin,
} from '../db/query-page';
import type { IndexName } from '../db/table-definition';
import { wordsOf } from '../domain/words';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import type { UserRecord } from '../user/item';
import { roleKeyPrefix, userCollections, userKeys } from '../user/keys';
import { userMatchesWords } from '../user/words';

/**
 * One page of the organization's users (GET /api/organization/users for admins, GET
 * /api/organization-users for the member pickers; docs/decisions/031): a Query of the table or of
 * the index that holds the asked order, read by functions/db/query-page.ts, never the whole
 * organization. The organization item the session load reads tells the total and the size, which
 * decides how `q` searches.
 */

export interface UserListing {
  sort: UserSort;
  order: 'asc' | 'desc';
  role?: Role;
  q?: string;
  limit: number;
}

export function userListingOf(query: UserListQuery): UserListing {
  return {
    sort: query.sort ?? 'createdAt',
    order: query.order ?? 'asc',
    role: query.role,
    q: query.q,
    limit: query.limit === undefined ? USER_PAGE_DEFAULT : Number(query.limit),
  };
}

/** What a cursor of this listing is bound to (functions/db/list-cursor.ts): the route and everything but the limit. */
export const userListOf = (path: string, listing: UserListing) =>
  [path, listing.sort, listing.order, listing.role ?? null, listing.q?.toLowerCase() ?? null] as const;

/** The number of users the listing has, when the organization's counts tell it: no search, at most a role. */
export function knownUserTotal(
  listing: UserListing,
  org: Pick<OrganizationItem, 'userCount' | 'adminCount'>,
): number | undefined {
  if (listing.q !== undefined || org.userCount === undefined) return undefined;
  if (listing.role === 'admin') return org.adminCount;
  return listing.role === 'staff' ? org.userCount - org.adminCount : org.userCount;
}

export type UserPage = Page<UserRecord>;

/**
 * What both user lists answer, beside their own response shape: a page of users, the total when the
 * counts tell it, and the next page's cursor, bound to the route's path too, so one list's cursor
 * is refused by the other.
 */
export async function userListPage(path: string, org: OrganizationItem, query: UserListQuery) {
  const listing = userListingOf(query);
  const list = userListOf(path, listing);
  const start = query.cursor === undefined ? undefined : await openCursor(query.cursor, org.id, list);
  const page = await readUserPage(org.id, listing, start, org);
  return {
    users: page.items,
    // A first page that is the whole list is its own exact total: the counts follow an arrival or a
    // departure a moment later (the stream adds them from its event), the list at once.
    total: start === undefined && !page.next && listing.q === undefined ? page.items.length : knownUserTotal(listing, org),
    cursor: page.next ? await sealCursor(org.id, list, page.next) : undefined,
  };
}

export async function readUserPage(
  orgId: string,
  listing: UserListing,
  start: StartKey | undefined,
  org: Pick<OrganizationItem, 'userCount'>,
): Promise<UserPage> {
  const search = listing.q?.toLowerCase();
  // An organization not yet counted (before scripts/index-users.ts) is searched as a small one: its items have no words yet.
  if (search !== undefined && (org.userCount ?? 0) > SUBSTRING_SEARCH_MAX_ITEMS) {
    return search.includes('@')
      ? readEmailPrefixPage(orgId, listing, search, start)
      : readWordSearchPage(orgId, listing, search, start);
  }
  const plan = queryPlan(orgId, listing);
  return readQueryPage<UserRecord>(
    {
      input: plan.input,
      limit: listing.limit,
      sortKey: plan.sortKey,
      resumedAt: plan.resumedAt,
      filtered: (listing.role !== undefined && !plan.roleInKey) || search !== undefined,
      matches: (user) =>
        (plan.roleInKey || listing.role === undefined || user.role === listing.role) &&
        (search === undefined || user.fullName.toLowerCase().includes(search) || user.username.toLowerCase().includes(search)),
    },
    start,
  );
}

interface QueryPlan {
  input: QueryCommandInput;
  sortKey?: string;
  resumedAt: PagedQuery<UserRecord>['resumedAt'];
  /** The key condition already selects the role. */
  roleInKey: boolean;
}

const INDEX_OF: Record<Exclude<UserSort, 'createdAt'>, { indexName: IndexName; sortKey: string }> = {
  name: { indexName: 'usersByName', sortKey: 'userNameKey' },
  email: { indexName: 'usersByEmail', sortKey: 'userEmailKey' },
  role: { indexName: 'usersByRole', sortKey: 'userRoleKey' },
};

/**
 * The Query for the listing's order. Creation order is the table's own (ULID sort keys, read
 * consistently as the list was before paging); the others are the sparse user indexes. One role
 * in name or role order is a key condition of the role index (its keys are role, then name).
 */
function queryPlan(orgId: string, listing: UserListing): QueryPlan {
  const ScanIndexForward = listing.order === 'asc';
  if (listing.sort === 'createdAt') {
    const { PK, prefix } = userCollections.usersOfOrganization(orgId);
    const users = keyBeginsWith('SK', prefix);
    return {
      input: { TableName: TABLE_NAME, ...keyCondition(PK, users), ConsistentRead: true, ScanIndexForward },
      resumedAt: resumedWithin(PK, users, ScanIndexForward),
      roleInKey: false,
    };
  }
  const roleInKey = listing.role !== undefined && (listing.sort === 'name' || listing.sort === 'role');
  const { indexName, sortKey } = INDEX_OF[roleInKey ? 'role' : listing.sort];
  const range = roleInKey ? keyBeginsWith('#key', roleKeyPrefix(listing.role!), ':role') : anyIndexKey('#key');
  return {
    input: {
      TableName: TABLE_NAME,
      IndexName: indexName,
      ScanIndexForward,
      ...keyCondition(organizationKeys.organization(orgId).PK, range),
      ExpressionAttributeNames: { '#key': sortKey },
    },
    sortKey,
    resumedAt: resumedWithin(organizationKeys.organization(orgId).PK, range, ScanIndexForward),
    roleInKey,
  };
}

/** `q` with an '@' in a large organization: the emails that begin with it, in email order (a key condition of the email index). */
function readEmailPrefixPage(
  orgId: string,
  listing: UserListing,
  search: string,
  start: StartKey | undefined,
): Promise<UserPage> {
  const emails = keyBeginsWith('userEmailKey', search);
  return readQueryPage<UserRecord>(
    {
      input: {
        TableName: TABLE_NAME,
        IndexName: 'usersByEmail',
        ...keyCondition(organizationKeys.organization(orgId).PK, emails),
      },
      limit: listing.limit,
      sortKey: 'userEmailKey',
      resumedAt: resumedWithin(organizationKeys.organization(orgId).PK, emails, true),
      filtered: listing.role !== undefined,
      matches: (user) => listing.role === undefined || user.role === listing.role,
    },
    start,
  );
}

/**
 * `q` in a large organization: the word index on the query's longest word as a prefix; every
 * query word must begin a word of the current name or email (functions/user/words.ts).
 */
function readWordSearchPage(
  orgId: string,
  listing: UserListing,
  search: string,
  start: StartKey | undefined,
): Promise<UserPage> | UserPage {
  const queryWords = wordsOf(search);
  if (queryWords.length === 0) return { items: [] };
  const prefix = queryWords.reduce((longest, word) => (word.length > longest.length ? word : longest));
  return readWordPage<UserRecord>(
    {
      ...userCollections.userWordsBeginning(orgId, prefix),
      limit: listing.limit,
      target: (hit) => userKeys.user(orgId, hit.userId as string),
      matches: (user) => userMatchesWords(user, queryWords) && (listing.role === undefined || user.role === listing.role),
    },
    start,
  );
}
