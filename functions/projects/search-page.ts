import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { SEPARATOR } from '../db/keys';
import type { StartKey } from '../db/list-cursor';
import type { Page } from '../db/query-page';
import { batchGet, keyId } from '../db/reads';
import { wordsOf } from '../domain/words';
import { organizationKeys } from '../organization/keys';
import type { ProjectRecord } from './item';
import { projectCollections, projectKeys } from './keys';
import { type WordItem, matchesWordPrefixes } from './words';

/**
 * `q` in an organization above SUBSTRING_SEARCH_MAX_ITEMS projects (docs/decisions/104): found by
 * its words, whatever the organization's size. Each word item holds the whole name, so the query's
 * words are all tested on the word items read, and only the page's projects are read by key.
 *
 * - A project named exactly what was typed comes first: one Query of the name index.
 * - Every query word's items are probed side by side (PROBE each). When one word's are all read, the
 *   answer is exactly its items whose names hold every query word: 'Brand refresh 7046' is found
 *   among the one item of '7046', not among the 2,500 of 'refresh'.
 * - When every word has more, the word whose probe matched most is read on, SCAN_READS word items
 *   a page; a page cut short by that bound says where it stopped (`Link`), and the client reads on.
 */

/**
 * Word items probed per query word: first a few, then, when every word has more, more of each; and
 * read per page when no word's items were all read (≈ 40 KB: 5 read units each).
 */
const FIRST_PROBE = 20;
const PROBE = 250;
const SCAN_READS = 250;
/** Query words probed: the longest ones. */
const MAX_PROBED_WORDS = 4;

interface WordRead {
  word: string;
  items: WordItem[];
  /** Where the word's items go on; absent when all were read. */
  next?: StartKey;
}

async function readWordItems(orgId: string, word: string, start: StartKey | undefined, limit: number): Promise<WordRead> {
  const { PK, prefix } = projectCollections.projectWordsBeginning(orgId, word);
  const range = start?.SK === undefined ? keyBeginsWith('SK', prefix) : keyBeginsWith('SK', prefix).resumedAt(start.SK, true);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      ExpressionAttributeValues: { ':pk': PK, ...range.values },
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const items = (out.Items ?? []) as WordItem[];
  return { word, items, ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey as StartKey } : {}) };
}

/** Projects named exactly `typed` (case aside), from the name index. */
async function exactlyNamed(orgId: string, typed: string): Promise<ProjectRecord[]> {
  const range = keyBeginsWith('nameKey', `${typed}${SEPARATOR}`);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      IndexName: 'projectsByName',
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      ExpressionAttributeValues: { ':pk': organizationKeys.organization(orgId).PK, ...range.values },
      Limit: 20,
    }),
  );
  return (out.Items ?? []) as ProjectRecord[];
}

export interface SearchFilter {
  /** The other filters of the listing, on a project as read. */
  matches: (project: ProjectRecord) => boolean;
  /** 'My projects': those of the page the person is a member of. */
  memberId?: string;
}

/** A search cursor: which word is read on and from where, or the place in an exact answer. */
type SearchStart = { word: string; SK: string; PK: string } | { word: string; offset: string };

export async function readSearchPage(
  orgId: string,
  q: string,
  limit: number,
  start: StartKey | undefined,
  filter: SearchFilter,
): Promise<Page<ProjectRecord>> {
  const queryWords = [...new Set(wordsOf(q))];
  if (queryWords.length === 0) return { items: [] };
  const typed = q.trim().toLowerCase();
  const holdsQuery = (item: WordItem) => matchesWordPrefixes(item.searchName, queryWords) && item.searchName !== typed;
  const resumed = start as SearchStart | undefined;

  let exact: ProjectRecord[] = [];
  let read: WordRead;
  let whole = false;
  if (resumed && 'SK' in resumed) {
    read = await readWordItems(orgId, resumed.word, { PK: resumed.PK, SK: resumed.SK }, SCAN_READS);
  } else {
    const probed = [...queryWords].sort((a, b) => b.length - a.length).slice(0, MAX_PROBED_WORDS);
    const [named, ...first] = await Promise.all([
      resumed ? Promise.resolve([]) : exactlyNamed(orgId, typed),
      ...probed.map((word) => readWordItems(orgId, word, undefined, FIRST_PROBE)),
    ]);
    exact = named as ProjectRecord[];
    // A whole name usually holds a rare word (a number, a client's name): its few items are all read at once.
    let words = first as WordRead[];
    if (words.every((word) => word.next))
      words = await Promise.all(
        words.map(async (word) => {
          const more = await readWordItems(orgId, word.word, word.next, PROBE);
          return { ...more, items: [...word.items, ...more.items] };
        }),
      );
    const complete = words.filter((word) => !word.next).sort((a, b) => a.items.length - b.items.length)[0];
    whole = complete !== undefined;
    read =
      complete ??
      words.reduce((best, word) => (word.items.filter(holdsQuery).length > best.items.filter(holdsQuery).length ? word : best));
  }
  const room = Math.max(limit - exact.length, 0);
  const holding = read.items.filter(holdsQuery);
  let hits: WordItem[];
  let next: SearchStart | undefined;
  if (whole || (resumed && 'offset' in resumed)) {
    // Every project holding the query is among these word items: the answer, a page at a time.
    const offset = resumed && 'offset' in resumed ? Number(resumed.offset) : 0;
    hits = holding.slice(offset, offset + room);
    next = offset + room < holding.length ? { word: read.word, offset: String(offset + room) } : undefined;
  } else if (holding.length > room) {
    hits = holding.slice(0, room);
    const last = hits[hits.length - 1];
    next = last ? { word: read.word, PK: last.PK, SK: last.SK } : { word: read.word, PK: read.next!.PK!, SK: read.next!.SK! };
  } else {
    hits = holding;
    next = read.next ? { word: read.word, PK: read.next.PK!, SK: read.next.SK! } : undefined;
  }
  const ids = [...new Set(hits.map((hit) => hit.projectId))];
  const keys = ids.map((id) => projectKeys.project(orgId, id));
  const { memberId } = filter;
  const memberKeys =
    memberId === undefined
      ? []
      : [...exact.map((project) => project.id), ...ids].map((id) => projectKeys.membership(orgId, memberId, id));
  const found = keys.length + memberKeys.length > 0 ? await batchGet([...keys, ...memberKeys]) : new Map();
  const isMember = (id: string) =>
    memberId === undefined ||
    (found.get(keyId(projectKeys.membership(orgId, memberId, id))) as { member?: boolean } | undefined)?.member === true;
  const projects = [
    ...exact,
    // A word item left by a rename meets a project whose current name no longer holds the query.
    ...keys.flatMap((key) => {
      const project = found.get(keyId(key)) as ProjectRecord | undefined;
      return project && matchesWordPrefixes(project.name, queryWords) && project.searchName !== typed ? [project] : [];
    }),
  ].filter((project) => filter.matches(project) && isMember(project.id));
  return { items: projects, ...(next ? { next: next as unknown as StartKey } : {}) };
}
