import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { PROJECT_PAGE_DEFAULT, type ProjectListQuery, type ProjectSort } from '../../shared/schemas/projects';
import { today } from '../clock';
import { TABLE_NAME } from '../db/client';
import { type KeyCondition, anyIndexKey, keyBeginsWith } from '../db/key-prefix';
import type { StartKey } from '../db/list-cursor';
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
import { organizationKeys } from '../organization/keys';
import { dueSoonThrough } from './due-soon';
import { type FiguresItem, statusCounts } from './figures';
import type { ProjectRecord } from './item';
import { openDueBefore, openDueThrough, projectCollections, projectKeys, statusKeyPrefix } from './keys';
import { projectIdsOfMember } from './memberships';
import { matchesWordPrefixes } from './words';

/** One page of GET /api/projects (docs/decisions/027), read by functions/db/query-page.ts. */

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

export type ProjectPage = Page<ProjectRecord>;

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
    'projects',
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
  // member=me: the caller's memberships first (docs/decisions/037), then the page filtered by them.
  const mine = listing.memberId === undefined ? undefined : await projectIdsOfMember(orgId, listing.memberId);
  if (listing.q !== undefined && projectsCounted(figures, PROJECT_STATUSES) > SUBSTRING_SEARCH_MAX_ITEMS) {
    return readWordSearchPage(orgId, listing, start, mine);
  }
  const plan = queryPlan(orgId, listing);
  return readQueryPage<ProjectRecord>(
    {
      input: plan.input,
      limit: listing.limit,
      sortKey: plan.sortKey,
      resumedAt: plan.resumedAt,
      filtered: plan.filtered || listing.q !== undefined || listing.memberId !== undefined,
      matches: matcher(listing, plan, mine),
    },
    start,
  );
}

interface QueryPlan {
  input: QueryCommandInput;
  /** The index's sort-key attribute (none: the table's own SK). */
  sortKey?: string;
  resumedAt: PagedQuery<ProjectRecord>['resumedAt'];
  /** What the key condition already selects. */
  dueInKey: boolean;
  statusInKey: boolean;
  /** Whether the Query reads projects the page may not show. */
  filtered: boolean;
}

const INDEX_OF: Record<Exclude<ProjectSort, 'createdAt'>, { indexName: IndexName; sortKey: string }> = {
  name: { indexName: 'projectsByName', sortKey: 'nameKey' },
  dueDate: { indexName: 'projectsByDueDate', sortKey: 'dueKey' },
  status: { indexName: 'projectsByStatus', sortKey: 'statusKey' },
};

/**
 * The Query for the listing's order. Creation order is the table's own (ULID sort keys, read
 * consistently as the list was before paging); the others are the sparse indexes. Overdue in due-date
 * order and a single status in status order are key conditions, not filters.
 */
function queryPlan(orgId: string, listing: ProjectListing): QueryPlan {
  const ScanIndexForward = listing.order === 'asc';
  if (listing.sort === 'createdAt') {
    const { PK, prefix } = projectCollections.projectsOfOrganization(orgId);
    const projects = keyBeginsWith('SK', prefix);
    return {
      input: { TableName: TABLE_NAME, ...keyCondition(PK, projects), ConsistentRead: true, ScanIndexForward },
      resumedAt: resumedWithin(PK, projects, ScanIndexForward),
      dueInKey: false,
      statusInKey: false,
      filtered: listing.overdue || listing.dueSoon || listing.statuses !== undefined,
    };
  }
  const { indexName, sortKey } = INDEX_OF[listing.sort];
  const pk = organizationKeys.organization(orgId).PK;
  const dueInKey = listing.sort === 'dueDate' && (listing.overdue || listing.dueSoon);
  const single = listing.statuses?.length === 1 ? listing.statuses[0] : undefined;
  const statusInKey = listing.sort === 'status' && single !== undefined;
  const day = today();
  const range: KeyCondition = dueInKey
    ? listing.overdue
      ? { expression: '#key < :bound', values: { ':bound': openDueBefore(day) } }
      : {
          expression: '#key BETWEEN :from AND :through',
          values: { ':from': openDueBefore(day), ':through': openDueThrough(dueSoonThrough(day)) },
        }
    : single !== undefined && statusInKey
      ? keyBeginsWith('#key', statusKeyPrefix(single), ':bound')
      : anyIndexKey('#key');
  return {
    input: {
      TableName: TABLE_NAME,
      IndexName: indexName,
      ScanIndexForward,
      ...keyCondition(pk, range),
      ExpressionAttributeNames: { '#key': sortKey },
    },
    sortKey,
    resumedAt: resumedWithin(pk, range, ScanIndexForward),
    dueInKey,
    statusInKey,
    // Due dates by key still read completed projects.
    filtered: listing.overdue || listing.dueSoon || (listing.statuses !== undefined && !statusInKey),
  };
}

/** Whether a project read belongs on the page: the filters the key condition did not apply. */
function matcher(listing: ProjectListing, plan: Pick<QueryPlan, 'dueInKey' | 'statusInKey'>, mine: Set<string> | undefined) {
  const day = today();
  const through = dueSoonThrough(day);
  const search = listing.q?.toLowerCase();
  return (project: ProjectRecord) =>
    (plan.statusInKey || listing.statuses === undefined || listing.statuses.includes(project.status)) &&
    (!listing.overdue || (project.status !== 'completed' && project.dueDate !== null && project.dueDate < day)) &&
    (!listing.dueSoon ||
      (project.status !== 'completed' && project.dueDate !== null && project.dueDate >= day && project.dueDate <= through)) &&
    (mine === undefined || mine.has(project.id)) &&
    (search === undefined || project.searchName.includes(search));
}

/**
 * `q` in an organization above SUBSTRING_SEARCH_MAX_ITEMS projects: one Query of the word index on the
 * query's longest word as a prefix (one more item than the page tells whether more exist), then
 * the projects by key (one BatchGetItem per 100). Every query word must begin a word of the current
 * name, and the other filters hold, so a word item left by a rename finds nothing. Results come in
 * word order, then creation order; a project two of whose words match may appear on two pages.
 */
async function readWordSearchPage(
  orgId: string,
  listing: ProjectListing,
  start: StartKey | undefined,
  mine: Set<string> | undefined,
): Promise<ProjectPage> {
  const queryWords = wordsOf(listing.q!);
  if (queryWords.length === 0) return { items: [] };
  const prefix = queryWords.reduce((longest, word) => (word.length > longest.length ? word : longest));
  // The words, not the substring, decide here.
  const matches = matcher({ ...listing, q: undefined }, { dueInKey: false, statusInKey: false }, mine);
  return readWordPage<ProjectRecord>(
    {
      ...projectCollections.projectWordsBeginning(orgId, prefix),
      limit: listing.limit,
      target: (hit) => projectKeys.project(orgId, hit.projectId as string),
      matches: (project) => matchesWordPrefixes(project.name, queryWords) && matches(project),
    },
    start,
  );
}
