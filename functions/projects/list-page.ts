import { type QueryCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { PROJECT_PAGE_DEFAULT, type ProjectListQuery, type ProjectSort } from '../../shared/schemas/projects';
import { today } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { collections, keys, statusKeyPrefix } from '../db/keys';
import { batchGet, keyId } from '../db/reads';
import type { IndexName } from '../db/table-definition';
import { type FiguresItem, statusCounts } from './figures';
import type { ProjectRecord } from './item';
import { matchesWordPrefixes, wordsOf } from './words';

/**
 * One page of GET /api/projects (docs/decisions/027): a Query of the index that holds the asked
 * order, never the whole organization. Filters the key cannot express are applied to what the
 * Query reads, at most MAX_QUERIES Queries a page: a rare filter answers a short page and a cursor
 * where the reading stopped rather than reading on.
 */

/** What a page is of: the query string, read. */
export interface ProjectListing {
  sort: ProjectSort;
  order: 'asc' | 'desc';
  statuses?: ProjectStatus[];
  overdue: boolean;
  /** member=me: the caller's projects. */
  memberId?: string;
  q?: string;
  limit: number;
}

export type StartKey = Record<string, string>;

export interface ProjectPage {
  items: ProjectRecord[];
  /** Where the next page starts; absent on the last. */
  next?: StartKey;
}

/** Up to this many projects, `q` is a substring of the name; above it, a prefix of its words (the word index). */
export const SUBSTRING_SEARCH_MAX_PROJECTS = 1_000;
/** Items a filtered Query reads at a time, and the Queries a page may take: SUBSTRING_SEARCH_MAX_PROJECTS fit. */
const FILTERED_QUERY_LIMIT = 400;
const MAX_QUERIES = 3;

export function listingOf(query: ProjectListQuery, userId: string): ProjectListing {
  return {
    sort: query.sort ?? 'createdAt',
    order: query.order ?? 'asc',
    statuses: query.status === undefined ? undefined : ([...new Set(query.status.split(','))] as ProjectStatus[]),
    overdue: query.overdue === 'true',
    memberId: query.member === 'me' ? userId : undefined,
    q: query.q,
    limit: query.limit === undefined ? PROJECT_PAGE_DEFAULT : Number(query.limit),
  };
}

/** The organization's project count, when its counters tell it: unfiltered, or filtered by status alone. */
export function knownTotal(listing: ProjectListing, figures: FiguresItem | undefined): number | undefined {
  if (listing.overdue || listing.memberId !== undefined || listing.q !== undefined) return undefined;
  return projectsCounted(figures, listing.statuses ?? PROJECT_STATUSES);
}

function projectsCounted(figures: FiguresItem | undefined, statuses: readonly ProjectStatus[]): number {
  const counts = statusCounts(figures);
  return statuses.reduce((sum, status) => sum + counts[status], 0);
}

export async function readProjectPage(orgId: string, listing: ProjectListing, start: StartKey | undefined, figures: FiguresItem | undefined): Promise<ProjectPage> {
  if (listing.q !== undefined && projectsCounted(figures, PROJECT_STATUSES) > SUBSTRING_SEARCH_MAX_PROJECTS) {
    return readWordSearchPage(orgId, listing, start);
  }
  const plan = queryPlan(orgId, listing);
  const filtered = plan.filtered || listing.q !== undefined || listing.memberId !== undefined;
  const matches = matcher(listing, plan);
  const items: ProjectRecord[] = [];
  let startKey = start;
  for (let query = 0; query < MAX_QUERIES; query += 1) {
    const out = await db.send(
      new QueryCommand({ ...plan.input, Limit: filtered ? FILTERED_QUERY_LIMIT : listing.limit + 1, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    for (const item of (out.Items ?? []) as ProjectRecord[]) {
      if (!matches(item)) continue;
      // One match beyond the page: there is a next page, and it starts after the page's last item.
      if (items.length === listing.limit) return { items, next: startKeyOf(items[items.length - 1]!, plan.sortKey) };
      items.push(item);
    }
    if (!out.LastEvaluatedKey) return { items };
    startKey = out.LastEvaluatedKey as StartKey;
  }
  return { items, next: startKey };
}

interface QueryPlan {
  input: QueryCommandInput;
  /** The index's sort-key attribute (none: the table's own SK). */
  sortKey?: string;
  /** What the key condition already selects. */
  overdueInKey: boolean;
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
    const { PK, prefix } = collections.projectsOfOrganization(orgId);
    return {
      input: { TableName: TABLE_NAME, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix }, ConsistentRead: true, ScanIndexForward },
      overdueInKey: false,
      statusInKey: false,
      filtered: listing.overdue || listing.statuses !== undefined,
    };
  }
  const { indexName, sortKey } = INDEX_OF[listing.sort];
  const pk = keys.organization(orgId).PK;
  const overdueInKey = listing.sort === 'dueDate' && listing.overdue;
  const single = listing.statuses?.length === 1 ? listing.statuses[0] : undefined;
  const statusInKey = listing.sort === 'status' && single !== undefined;
  const range = overdueInKey
    ? { expression: ' AND #key < :bound', bound: today() }
    : single !== undefined && statusInKey
      ? { expression: ' AND begins_with(#key, :bound)', bound: statusKeyPrefix(single) }
      : undefined;
  return {
    input: {
      TableName: TABLE_NAME,
      IndexName: indexName,
      ScanIndexForward,
      KeyConditionExpression: `PK = :pk${range?.expression ?? ''}`,
      ExpressionAttributeValues: { ':pk': pk, ...(range ? { ':bound': range.bound } : {}) },
      ...(range ? { ExpressionAttributeNames: { '#key': sortKey } } : {}),
    },
    sortKey,
    overdueInKey,
    statusInKey,
    // Overdue by key still reads completed projects due before today.
    filtered: listing.overdue || (listing.statuses !== undefined && !statusInKey),
  };
}

/** Whether a project read belongs on the page: the filters the key condition did not apply. */
function matcher(listing: ProjectListing, plan: Pick<QueryPlan, 'overdueInKey' | 'statusInKey'>) {
  const day = today();
  const search = listing.q?.toLowerCase();
  return (project: ProjectRecord) =>
    (plan.statusInKey || listing.statuses === undefined || listing.statuses.includes(project.status)) &&
    (!listing.overdue || (project.status !== 'completed' && (plan.overdueInKey || (project.dueDate !== null && project.dueDate < day)))) &&
    (listing.memberId === undefined || project.memberIds.includes(listing.memberId)) &&
    (search === undefined || project.searchName.includes(search));
}

/** The start key that resumes a Query right after this item: the table's key, and the index's. */
function startKeyOf(item: ProjectRecord, sortKey: string | undefined): StartKey {
  const key: StartKey = { PK: item.PK, SK: item.SK };
  if (sortKey) key[sortKey] = (item as unknown as Record<string, string>)[sortKey]!;
  return key;
}

/**
 * `q` in an organization above SUBSTRING_SEARCH_MAX_PROJECTS: one Query of the word index on the
 * query's longest word as a prefix (one more item than the page tells whether more exist), then
 * the projects by key (one BatchGetItem per 100). Every query word must begin a word of the current
 * name, and the other filters hold, so a word item left by a rename finds nothing. Results come in
 * word order, then creation order; a project two of whose words match may appear on two pages.
 */
async function readWordSearchPage(orgId: string, listing: ProjectListing, start: StartKey | undefined): Promise<ProjectPage> {
  const queryWords = wordsOf(listing.q!);
  if (queryWords.length === 0) return { items: [] };
  const prefix = queryWords.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const { PK } = collections.projectWordsBeginning(orgId, prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      Limit: listing.limit + 1,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const hits = ((out.Items ?? []) as { PK: string; SK: string; projectId: string }[]).slice(0, listing.limit);
  const projectKeys = hits.map((hit) => keys.project(orgId, hit.projectId));
  const found = hits.length ? await batchGet(projectKeys) : new Map();
  // The words, not the substring, decide here.
  const matches = matcher({ ...listing, q: undefined }, { overdueInKey: false, statusInKey: false });
  const seen = new Set<string>();
  const items = projectKeys.flatMap((key) => {
    const project = found.get(keyId(key)) as ProjectRecord | undefined;
    if (!project || seen.has(project.id) || !matchesWordPrefixes(project.name, queryWords) || !matches(project)) return [];
    seen.add(project.id);
    return [project];
  });
  const last = hits[hits.length - 1];
  return (out.Items?.length ?? 0) > listing.limit && last ? { items, next: { PK: last.PK, SK: last.SK } } : { items };
}
