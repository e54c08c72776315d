import { type QueryCommandInput, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TIME_MAX, encodeTime } from 'ulid';
import {
  AUDIT_EXPORT_MAX_ENTRIES,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntryResponse,
  type AuditLogPage,
} from '../../shared/schemas/audit-log';
import { TABLE_NAME, db } from '../db/client';
import type { IndexName } from '../db/table-definition';
import type { AuditItem } from './entries';
import { auditActorKey, auditLogCollections, auditLogKeys } from './keys';

/** What a reader of the log may narrow it to; the range is in epoch ms, both ends included. */
export interface AuditFilters {
  action?: AuditAction;
  actorId?: string;
  fromMs?: number;
  toMs?: number;
}

/**
 * A filtered page reads this many entries per Query and at most PAGE_QUERIES Queries: a rare action
 * in a long range answers a short (even empty) page with a cursor where the reading stopped, rather
 * than reading the whole partition in one request.
 */
const FILTERED_QUERY_LIMIT = 500;
const PAGE_QUERIES = 4;
/** The export reads 1 MB pages, at most this many (the function has 10 s; a 1 MB Query takes well under 0.5 s). */
const EXPORT_QUERIES = 20;

const LOWEST_RANDOM = '0'.repeat(16);
const HIGHEST_RANDOM = 'Z'.repeat(16);
const clampTime = (ms: number) => Math.min(Math.max(Math.floor(ms), 0), TIME_MAX);

/** The smallest and largest entry ids a ULID of these instants can have: the date range as a key range. */
const lowestIdAt = (ms: number) => `${encodeTime(clampTime(ms), 10)}${LOWEST_RANDOM}`;
const highestIdAt = (ms: number) => `${encodeTime(clampTime(ms), 10)}${HIGHEST_RANDOM}`;

/**
 * The Query of an organization's entries, newest first, within the date range (a key range on the
 * time-ordered ids: BETWEEN, never a filter) and below the cursor. A person is a key too: their
 * partition of the `auditByActor` index holds their entries in the same order (docs/decisions/062).
 * Only the action is a FilterExpression. Undefined when the range holds nothing (its end before its start).
 */
function auditQuery(orgId: string, filters: AuditFilters, cursor?: string): QueryCommandInput | undefined {
  const lowest = lowestIdAt(filters.fromMs ?? 0);
  let highest = highestIdAt(filters.toMs ?? TIME_MAX);
  // The cursor entry itself is the upper bound (BETWEEN includes it); readers drop it.
  if (cursor !== undefined && cursor < highest) highest = cursor;
  if (highest < lowest) return undefined;
  const byActor = filters.actorId !== undefined;
  const values: Record<string, unknown> = {
    ':pk': byActor ? auditActorKey(orgId, filters.actorId!) : auditLogCollections.auditOfOrganization(orgId).PK,
    ':lowest': auditLogKeys.auditEntry(orgId, lowest).SK,
    ':highest': auditLogKeys.auditEntry(orgId, highest).SK,
  };
  if (filters.action !== undefined) values[':action'] = filters.action;
  return {
    TableName: TABLE_NAME,
    ...(byActor ? { IndexName: 'auditByActor' satisfies IndexName } : {}),
    KeyConditionExpression: `${byActor ? 'auditActorKey' : 'PK'} = :pk AND SK BETWEEN :lowest AND :highest`,
    ExpressionAttributeValues: values,
    ...(filters.action !== undefined
      ? { FilterExpression: '#action = :action', ExpressionAttributeNames: { '#action': 'action' } }
      : {}),
    ScanIndexForward: false,
  };
}

/** Whether the Query reads entries the page may not show: the action is the one filter the keys do not express. */
const isFiltered = (filters: AuditFilters) => filters.action !== undefined;

/** The entry as answered: the stored item less its keys, type, organization and TTL. */
function toEntry(item: AuditItem): AuditEntryResponse {
  const { id, at, actor, action, target, clientAddress, userAgent, details } = item;
  return { id, at, actor, action, target, clientAddress, userAgent, details };
}

/** The entry id a LastEvaluatedKey names. */
const idOfKey = (orgId: string, key: Record<string, unknown>) =>
  String(key.SK).slice(auditLogCollections.auditOfOrganization(orgId).prefix.length);

/**
 * One page of AUDIT_PAGE_SIZE entries after the cursor. Unfiltered or by person it is one Query (one
 * more entry than a page, and the cursor's own, say whether another page exists). By action, Queries of
 * FILTERED_QUERY_LIMIT entries are repeated until the page is full or the range ends, at most
 * PAGE_QUERIES of them: then the page holds what matched so far and its cursor is where the reading
 * stopped, so nothing is skipped and no request reads without bound.
 */
export async function readAuditPage(orgId: string, filters: AuditFilters, cursor?: string): Promise<AuditLogPage> {
  const input = auditQuery(orgId, filters, cursor);
  if (!input) return { entries: [], nextCursor: null };
  const limit = isFiltered(filters) ? FILTERED_QUERY_LIMIT : AUDIT_PAGE_SIZE + 2;
  const matches: AuditItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  for (let query = 0; query < PAGE_QUERIES; query += 1) {
    const out = await db.send(new QueryCommand({ ...input, Limit: limit, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    matches.push(...((out.Items ?? []) as AuditItem[]).filter((item) => item.id !== cursor));
    if (matches.length > AUDIT_PAGE_SIZE)
      return { entries: matches.slice(0, AUDIT_PAGE_SIZE).map(toEntry), nextCursor: matches[AUDIT_PAGE_SIZE - 1]!.id };
    if (!out.LastEvaluatedKey) return { entries: matches.map(toEntry), nextCursor: null };
    startKey = out.LastEvaluatedKey;
  }
  return { entries: matches.map(toEntry), nextCursor: idOfKey(orgId, startKey!) };
}

/**
 * Every entry of the filtered range, newest first, for the export: 1 MB Queries, at most
 * EXPORT_QUERIES of them. 'too-many' when the range holds more than AUDIT_EXPORT_MAX_ENTRIES matches
 * or more than those Queries can read.
 */
export async function readAuditRange(orgId: string, filters: AuditFilters): Promise<AuditEntryResponse[] | 'too-many'> {
  const input = auditQuery(orgId, filters);
  if (!input) return [];
  const matches: AuditItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  for (let query = 0; query < EXPORT_QUERIES; query += 1) {
    const out = await db.send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    matches.push(...((out.Items ?? []) as AuditItem[]));
    if (matches.length > AUDIT_EXPORT_MAX_ENTRIES) return 'too-many';
    if (!out.LastEvaluatedKey) return matches.map(toEntry);
    startKey = out.LastEvaluatedKey;
  }
  return 'too-many';
}
