import { type QueryCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { type KeyCondition, type KeyRange, keyBeginsWith } from './key-prefix';
import type { Key } from './keys';
import type { StartKey } from './list-cursor';
import { batchGet, keyId } from './reads';

/**
 * One page of a paged list (docs/decisions/027): a Query of the index that holds the asked order,
 * never the whole partition. Filters the key cannot express are applied to what the Query reads,
 * at most MAX_QUERIES Queries a page: a rare filter answers a short page and a cursor where the
 * reading stopped rather than reading on.
 */

export interface Page<T> {
  items: T[];
  /** Where the next page starts; absent on the last. */
  next?: StartKey;
}

/**
 * A list's X-Total-Count, only when it is exact (docs/decisions/062): a first page that is the
 * whole list counts itself. Counters moved after the fact by the stream consumer (the project
 * figures) are not used: a moment after a change they would contradict the list they stand beside.
 */
export const wholeListCount = (start: StartKey | undefined, page: Page<unknown>): number | undefined =>
  start === undefined && page.next === undefined ? page.items.length : undefined;

/** Up to this many items, a search is a substring test of what a bounded read covers; above it, the word index. */
export const SUBSTRING_SEARCH_MAX_ITEMS = 1_000;
/** Items a filtered Query reads at a time, and the Queries a page may take: SUBSTRING_SEARCH_MAX_ITEMS fit. */
const FILTERED_QUERY_LIMIT = 400;
const MAX_QUERIES = 3;

/** A Query's key condition: the partition key `:pk`, and a condition on the sort key. */
export const keyCondition = (pk: string, condition: KeyCondition) => ({
  KeyConditionExpression: `PK = :pk AND ${condition.expression}`,
  ExpressionAttributeValues: { ':pk': pk, ...condition.values },
});

/** PagedQuery.resumedAt of a Query whose sort-key condition is a range: the range cut at the page's start. */
export const resumedWithin = (
  pk: string,
  condition: KeyCondition | KeyRange,
  forward: boolean,
): PagedQuery<never>['resumedAt'] =>
  'resumedAt' in condition ? (key) => keyCondition(pk, condition.resumedAt(key, forward)) : undefined;

export interface PagedQuery<T> {
  /** The Query without Limit and ExclusiveStartKey. */
  input: QueryCommandInput;
  limit: number;
  /** The index's sort-key attribute (none: the table's own SK), for the start key after an item. */
  sortKey?: string;
  /** Whether the Query reads items the page may not show. */
  filtered: boolean;
  /** Whether an item read belongs on the page: the filters the key condition did not apply. */
  matches: (item: T) => boolean;
  /** The key condition cut to resume at this sort key (functions/db/key-prefix.ts `KeyRange`): where a range can be. */
  resumedAt?: (sortKeyValue: string) => Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'>;
}

export async function readQueryPage<T extends Key>(query: PagedQuery<T>, start: StartKey | undefined): Promise<Page<T>> {
  const items: T[] = [];
  let startKey = start;
  for (let round = 0; round < MAX_QUERIES; round += 1) {
    const resumeAt = startKey?.[query.sortKey ?? 'SK'];
    const out = await db.send(
      new QueryCommand({
        ...query.input,
        ...(resumeAt !== undefined && query.resumedAt ? query.resumedAt(resumeAt) : {}),
        Limit: query.filtered ? FILTERED_QUERY_LIMIT : query.limit + 1,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as T[]) {
      if (!query.matches(item)) continue;
      // One match beyond the page: there is a next page, and it starts after the page's last item.
      if (items.length === query.limit) return { items, next: startKeyOf(items[items.length - 1]!, query.sortKey) };
      items.push(item);
    }
    if (!out.LastEvaluatedKey) return { items };
    startKey = out.LastEvaluatedKey as StartKey;
  }
  return { items, next: startKey };
}

/** The start key that resumes a Query right after this item: the table's key, and the index's. */
function startKeyOf(item: Key, sortKey: string | undefined): StartKey {
  const key: StartKey = { PK: item.PK, SK: item.SK };
  if (sortKey) key[sortKey] = (item as unknown as Record<string, string>)[sortKey]!;
  return key;
}

export interface WordQuery<T> {
  /** The word items' partition and the word prefix their sort keys begin with. */
  PK: string;
  prefix: string;
  limit: number;
  /** The item a word item stands for. */
  target: (hit: Record<string, unknown>) => Key;
  /** Whether a found item belongs on the page (its current words still match, the other filters hold). */
  matches: (item: T) => boolean;
}

/**
 * A word-prefix search in a large partition: one Query of the word items (one more than the page
 * tells whether more exist), then the items they name by key (one BatchGetItem per 100). A word
 * item left behind by a rename finds nothing the `matches` test keeps. Results come in word order,
 * then the items' own order; an item two of whose words match may appear on two pages.
 */
export async function readWordPage<T extends { id: string }>(query: WordQuery<T>, start: StartKey | undefined): Promise<Page<T>> {
  const all = keyBeginsWith('SK', query.prefix);
  const words = start?.SK === undefined ? all : all.resumedAt(start.SK, true);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${words.expression}`,
      ExpressionAttributeValues: { ':pk': query.PK, ...words.values },
      Limit: query.limit + 1,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const hits = ((out.Items ?? []) as Key[]).slice(0, query.limit);
  const targets = hits.map((hit) => query.target(hit as unknown as Record<string, unknown>));
  const found = targets.length ? await batchGet(targets) : new Map();
  const seen = new Set<string>();
  const items = targets.flatMap((key) => {
    const item = found.get(keyId(key)) as T | undefined;
    if (!item || seen.has(item.id) || !query.matches(item)) return [];
    seen.add(item.id);
    return [item];
  });
  const last = hits[hits.length - 1];
  return (out.Items?.length ?? 0) > query.limit && last ? { items, next: { PK: last.PK, SK: last.SK } } : { items };
}
