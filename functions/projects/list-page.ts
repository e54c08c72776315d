import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import {
  PROJECT_PAGE_DEFAULT,
  type ProjectListQuery,
  type ProjectResponse,
  type ProjectSort,
} from '../../shared/schemas/projects';
import { today } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { StartKey } from '../db/list-cursor';
import { type Page, SUBSTRING_SEARCH_MAX_ITEMS } from '../db/query-page';
import { HIGHEST_KEY, LOWEST_KEY, type RangesQuery, type SortKeyRange, readRangesPage } from '../db/range-page';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { organizationKeys } from '../organization/keys';
import { dueSoonThrough } from './due-soon';
import { type FiguresItem, statusCounts } from './figures';
import { type ProjectRecord, toProjectResponse } from './item';
import { dueKeyThrough, projectCollections, projectKeys, statusKeyPrefix } from './keys';
import type { CopiedMembershipItem } from './memberships';
import { readSearchPage } from './search-page';

/**
 * One page of GET /api/projects (docs/decisions/027, 104): every view a key range of a project
 * index (functions/db/range-page.ts), in the organization's partition or, for 'My projects', in
 * the person's, whose memberships carry their projects' sort keys and what the list shows.
 */

/** What a page is of: the query string, read. */
export interface ProjectListing {
  sort: ProjectSort;
  order: 'asc' | 'desc';
  statuses?: ProjectStatus[];
  overdue: boolean;
  /** due=soon: open projects due from today through the dashboard's 'due soon' horizon. */
  dueSoon: boolean;
  /** member=me: the caller's projects. */
  memberId?: string;
  q?: string;
  limit: number;
}

export type ProjectPage = Page<ProjectResponse>;

export function listingOf(query: ProjectListQuery, userId: string): ProjectListing {
  return {
    sort: query.sort ?? 'createdAt',
    order: query.order ?? 'asc',
    statuses: query.status === undefined ? undefined : ([...new Set(query.status.split(','))] as ProjectStatus[]),
    overdue: query.overdue === 'true',
    dueSoon: query.due === 'soon',
    memberId: query.member === 'me' ? userId : undefined,
    q: query.q,
    limit: query.limit === undefined ? PROJECT_PAGE_DEFAULT : Number(query.limit),
  };
}

/** What a cursor of this listing is bound to (functions/db/list-cursor.ts): everything but the limit. */
export const projectListOf = (listing: ProjectListing) =>
  [
    // A cursor of the reads before docs/decisions/104 names no place in these.
    'projects@104',
    listing.sort,
    listing.order,
    [...(listing.statuses ?? [])].sort(),
    listing.overdue,
    listing.dueSoon,
    listing.memberId ?? null,
    listing.q?.toLowerCase() ?? null,
  ] as const;

function projectsCounted(figures: FiguresItem | undefined, statuses: readonly ProjectStatus[]): number {
  const counts = statusCounts(figures);
  return statuses.reduce((sum, status) => sum + counts[status], 0);
}

export async function readProjectPage(
  orgId: string,
  listing: ProjectListing,
  start: StartKey | undefined,
  figures: FiguresItem | undefined,
): Promise<ProjectPage> {
  if (listing.q !== undefined && projectsCounted(figures, PROJECT_STATUSES) > SUBSTRING_SEARCH_MAX_ITEMS) {
    const page = await readSearchPage(orgId, listing.q, listing.limit, start, {
      // The words decide here, not the substring.
      matches: residualMatch({ ...listing, q: undefined }, { statusInKey: false, dueInKey: false }),
      memberId: listing.memberId,
    });
    return { items: page.items.map(toProjectResponse), ...(page.next ? { next: page.next } : {}) };
  }
  const plan = rangesPlan(orgId, listing);
  if (!plan) return { items: [] };
  const page = await readRangesPage(plan, start?.after);
  const items =
    listing.memberId === undefined
      ? (page.items as ProjectRecord[]).map(toProjectResponse)
      : await shownOf(orgId, listing, page.items);
  return { items, ...(page.after !== undefined ? { next: { after: page.after } } : {}) };
}

/** What a read item shows: a project, or a membership's copy of it (none before it is copied). */
const shown = (item: ListedItem): ProjectResponse | undefined =>
  item.type === 'MEMBERSHIP' ? (item as CopiedMembershipItem).listed : toProjectResponse(item as ProjectRecord);

type ListedItem = (ProjectRecord | CopiedMembershipItem) & { type: string };

/** A page of memberships as the list shows them: each copy, and the project itself where a membership has none yet (read by key). */
async function shownOf(orgId: string, listing: ProjectListing, items: ListedItem[]): Promise<ProjectResponse[]> {
  const uncopied = (items as CopiedMembershipItem[]).filter((item) => item.listed === undefined);
  const found = uncopied.length
    ? await batchGet(uncopied.map((item) => projectKeys.project(orgId, item.projectId)))
    : new Map<string, unknown>();
  const matches = residualMatch(listing, { statusInKey: false, dueInKey: false });
  return (items as CopiedMembershipItem[]).flatMap((item) => {
    if (item.listed) return [item.listed];
    const project = found.get(keyId(projectKeys.project(orgId, item.projectId))) as ProjectRecord | undefined;
    return project && matches(project) ? [toProjectResponse(project)] : [];
  });
}

interface InKey {
  statusInKey: boolean;
  dueInKey: boolean;
}

/** Whether a project as read belongs on the page: the filters its key range did not apply. */
function residualMatch(listing: ProjectListing, inKey: InKey) {
  const day = today();
  const through = dueSoonThrough(day);
  const search = listing.q?.toLowerCase();
  return (project: Pick<ProjectResponse, 'status' | 'dueDate' | 'name'>) =>
    (inKey.statusInKey || listing.statuses === undefined || listing.statuses.includes(project.status)) &&
    (inKey.dueInKey ||
      ((!listing.overdue || (project.status !== 'completed' && project.dueDate !== null && project.dueDate < day)) &&
        (!listing.dueSoon ||
          (project.status !== 'completed' &&
            project.dueDate !== null &&
            project.dueDate >= day &&
            project.dueDate <= through)))) &&
    (search === undefined || project.name.toLowerCase().includes(search));
}

const SORT_INDEX: Record<ProjectSort, { indexName?: IndexName; sortKey: string }> = {
  createdAt: { sortKey: 'SK' },
  name: { indexName: 'projectsByName', sortKey: 'nameKey' },
  dueDate: { indexName: 'projectsByDueDate', sortKey: 'dueKey' },
  status: { indexName: 'projectsByStatus', sortKey: 'statusKey' },
};

/** The index that holds a status filter in each order: the status, then the order. */
const STATUS_INDEX: Record<ProjectSort, { indexName: IndexName; sortKey: string }> = {
  createdAt: { indexName: 'projectsByStatusCreated', sortKey: 'statusCreatedKey' },
  name: { indexName: 'projectsByStatus', sortKey: 'statusKey' },
  status: { indexName: 'projectsByStatus', sortKey: 'statusKey' },
  dueDate: { indexName: 'projectsByStatusDue', sortKey: 'statusDueKey' },
};

const whole = (prefix: string, orderIsSuffix = true): SortKeyRange => ({
  from: prefix,
  to: `${prefix}${HIGHEST_KEY}`,
  prefix: orderIsSuffix ? prefix : '',
});

/**
 * The key ranges of a listing (undefined: no project can match). Its partition is the
 * organization's or, for 'My projects', the person's. A status filter is a range per status of
 * the index of its order; overdue and due soon are due-key ranges in due-date order (of each
 * status, or of the open projects); what is left is tested on what the range reads.
 */
function rangesPlan(orgId: string, listing: ProjectListing): RangesQuery<ListedItem> | undefined {
  const day = today();
  const dueRange =
    listing.overdue && listing.dueSoon
      ? null
      : listing.overdue
        ? { from: LOWEST_KEY, to: day }
        : listing.dueSoon
          ? { from: day, to: dueKeyThrough(dueSoonThrough(day)) }
          : undefined;
  // Overdue and due soon are both open projects only, and never both at once.
  if (dueRange === null) return undefined;
  const statuses = listing.statuses?.filter((status) => dueRange === undefined || status !== 'completed');
  if (statuses?.length === 0) return undefined;
  const mine = listing.memberId !== undefined;
  const pk = mine ? projectCollections.membershipsOfUser(orgId, listing.memberId!).PK : organizationKeys.organization(orgId).PK;
  const base = { pk, forward: listing.order === 'asc', limit: listing.limit };
  const search = listing.q !== undefined;

  let index: { indexName?: IndexName; sortKey: string };
  let ranges: SortKeyRange[];
  let inKey: InKey;
  if (statuses !== undefined) {
    index = STATUS_INDEX[listing.sort];
    const byDue = listing.sort === 'dueDate' && dueRange !== undefined;
    ranges = statuses.map((status) => {
      const prefix = statusKeyPrefix(status);
      if (byDue) return { from: `${prefix}${dueRange.from}`, to: `${prefix}${dueRange.to}`, prefix };
      return whole(prefix, listing.sort !== 'status');
    });
    inKey = { statusInKey: true, dueInKey: byDue };
  } else if (dueRange !== undefined && listing.sort === 'dueDate') {
    index = { indexName: 'openProjectsByListDue', sortKey: 'openListDueKey' };
    ranges = [{ ...dueRange, prefix: '' }];
    inKey = { statusInKey: true, dueInKey: true };
  } else {
    index = SORT_INDEX[listing.sort];
    ranges = [
      index.indexName
        ? { from: LOWEST_KEY, to: HIGHEST_KEY, prefix: '' }
        : whole(projectCollections.projectsOfOrganization(orgId).prefix, false),
    ];
    inKey = { statusInKey: true, dueInKey: dueRange === undefined };
  }
  const residual = residualMatch(listing, inKey);
  // A person's memberships in the table's order are also those they left lately (kept a while as tombstones).
  const tombstones = mine && index.indexName === undefined;
  return {
    ...base,
    input: {
      TableName: TABLE_NAME,
      ...(index.indexName ? { IndexName: index.indexName } : {}),
      // The organization's projects in creation order are read as the list was before paging: consistently.
      ...(!mine && index.indexName === undefined ? { ConsistentRead: true } : {}),
    },
    sortKey: index.sortKey,
    ranges,
    exact: !tombstones && inKey.statusInKey && inKey.dueInKey && !search,
    ...(search ? { reads: SUBSTRING_SEARCH_MAX_ITEMS + 1 } : {}),
    matches: (item) => {
      if (item.type === 'MEMBERSHIP' && (item as CopiedMembershipItem).member !== true) return false;
      const project = shown(item);
      // A membership not yet copied is kept, and tested once its project is read (shownOf).
      return project === undefined || residual(project);
    },
  };
}
