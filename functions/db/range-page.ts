import { type QueryCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from './client';

/**
 * One page of a list read as one or more key ranges of one index, merged in one order
 * (docs/decisions/104): a status filter is a range per status, a due filter a range of due keys,
 * 'My projects' the same ranges in the person's partition. Each range is one Query of about a
 * page; what a range's keys cannot select (a rare filter besides) is tested on what is read, at
 * most FILTERED_READS items a page, and a page cut short says where it stopped.
 */

/** Items a page reads at most when its ranges do not select exactly its items (≈ 100 KB: under 30 read units). */
export const FILTERED_READS = 100;

/** The highest code point: every key of a prefix sorts before the prefix followed by it (functions/db/key-prefix.ts). */
export const HIGHEST_KEY = '\u{10FFFF}';
export const LOWEST_KEY = '\u0000';

/** A range of sort keys, both ends included; `prefix` is what precedes the list's order in them (a status), '' when the key is the order. */
export interface SortKeyRange {
  from: string;
  to: string;
  prefix: string;
}

export interface RangesQuery<T> {
  /** The Query without its key condition, Limit and start: the table, the index, ConsistentRead. */
  input: Pick<QueryCommandInput, 'TableName' | 'IndexName' | 'ConsistentRead'>;
  pk: string;
  /** The sort-key attribute of the index (SK for the table). */
  sortKey: string;
  ranges: SortKeyRange[];
  forward: boolean;
  limit: number;
  /** Whether the ranges hold exactly the list's items; else `matches` decides and a page reads at most `reads`. */
  exact: boolean;
  /** Items a page that is not exact reads at most (FILTERED_READS unless given). */
  reads?: number;
  matches: (item: T) => boolean;
}

export interface RangesPage<T> {
  items: T[];
  /** The order value the next page starts after; absent on the last page. */
  after?: string;
}

/** DynamoDB's order of string keys, UTF-8 bytes: the order of code points (not of UTF-16 units, as `<` is). */
export function compareKeys(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

interface RangeRead<T> {
  found: { order: string; item: T }[];
  /** The order value of the last item read, when the range goes on past it. */
  stoppedAt?: string;
}

async function readRange<T>(query: RangesQuery<T>, range: SortKeyRange, after: string | undefined, limit: number) {
  let { from, to } = range;
  // Resumed: the range cut at the last item shown (included, and dropped below), in the range's own keys.
  if (after !== undefined) {
    const at = `${range.prefix}${after}`;
    if (query.forward && compareKeys(at, from) > 0) from = at;
    if (!query.forward && compareKeys(at, to) < 0) to = at;
  }
  if (compareKeys(from, to) > 0) return { found: [] };
  const out = await db.send(
    new QueryCommand({
      ...query.input,
      KeyConditionExpression: 'PK = :pk AND #key BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#key': query.sortKey },
      ExpressionAttributeValues: { ':pk': query.pk, ':from': from, ':to': to },
      ScanIndexForward: query.forward,
      Limit: limit,
    }),
  );
  const items = (out.Items ?? []) as Record<string, string>[];
  const orderOf = (item: Record<string, string>) => item[query.sortKey]!.slice(range.prefix.length);
  const found = items.map((item) => ({ order: orderOf(item), item: item as T })).filter(({ order }) => order !== after);
  const last = items[items.length - 1];
  return { found, ...(out.LastEvaluatedKey && last ? { stoppedAt: orderOf(last) } : {}) } satisfies RangeRead<T>;
}

/**
 * Reads every range from `after` (side by side), then merges them: a page is what all ranges agree
 * on, up to the nearest place one of them stopped (beyond it another range's items may still come
 * first). `after` of the page: its last item's order, or where the reading stopped when the page is
 * short because the filter was rare.
 */
export async function readRangesPage<T>(query: RangesQuery<T>, after: string | undefined): Promise<RangesPage<T>> {
  // Exact: one more than the page (and the resumed-at item itself) tells whether more exist; several
  // ranges share about a page between them, and the merge stops where the first of them stopped.
  const ranges = query.ranges.length;
  const perRange = query.exact
    ? ranges === 1
      ? query.limit + 2
      : Math.ceil(query.limit / ranges) + 2
    : Math.max(Math.ceil((query.reads ?? FILTERED_READS) / ranges), 10);
  const reads: RangeRead<T>[] = await Promise.all(query.ranges.map((range) => readRange(query, range, after, perRange)));
  const direction = query.forward ? 1 : -1;
  const stops = reads.flatMap((read) => (read.stoppedAt === undefined ? [] : [read.stoppedAt]));
  const frontier = stops.sort((a, b) => direction * compareKeys(a, b))[0];
  const candidates = reads
    .flatMap((read) => read.found)
    .filter(({ order }) => frontier === undefined || direction * compareKeys(order, frontier) <= 0)
    .filter(({ item }) => query.matches(item))
    .sort((a, b) => direction * compareKeys(a.order, b.order));
  if (candidates.length > query.limit) {
    const page = candidates.slice(0, query.limit);
    return { items: page.map(({ item }) => item), after: page[page.length - 1]!.order };
  }
  return { items: candidates.map(({ item }) => item), ...(frontier !== undefined ? { after: frontier } : {}) };
}
