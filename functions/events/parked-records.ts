import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { DUE_TRIES_INDEX, dueTries, dueTryKeys, dueTryOf } from '../db/due-tries';
import type { Key } from '../db/keys';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';

/**
 * A stream record the fan-out failed is never lost, nor does it hold its shard up (issue 62, item 5).
 * Its first STREAM_TRIES failures go back to the stream, which retries at once (a conflict, a
 * throttle); after that it is parked: an item keeps the record's image and the stream goes on.
 * The sweeper runs the fan-out on it again
 * LATER_TRY_MINUTES after each failure, as the mailer's later tries do (docs/decisions/071); after
 * the last it is left marked 'failed' (counted, alarmed) for the runbook's redrive. The fan-out's
 * marks make a try of what was partly done safe.
 */
export const STREAM_TRIES = 3;
export const LATER_TRY_MINUTES = [5, 30, 120] as const;
/** How far back the sweeper reads its due partitions: a stopped sweeper catches up on this much. */
export const SWEEP_LOOKBACK_HOURS = 24;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A claimed try holds its record this long: longer than a sweep's run (the sweeper's 2 minutes). */
const CLAIM_MS = 3 * MINUTE;
/** A record that failed fewer than STREAM_TRIES times, then went through: its count goes away. */
const KEEP_COUNT_DAYS = 1;
/** A record given up on is kept two weeks for the runbook, as the dead-letter queues keep theirs. */
const KEEP_FAILED_DAYS = 14;

/** The consumers whose records may be parked. */
export type ParkingConsumer = 'fan-out';

/** `PARKED#<consumer>#<PK>#<SK> / PARKED`: a record's failures, and its later try once parked. */
export interface ParkedRecordItem {
  type: 'PARKED';
  consumer: ParkingConsumer;
  /** The key of the item the stream record was made from. */
  source: Key;
  /**
   * The record's new image, as the stream handed it: the sweeper runs the fan-out on it, not on the
   * item as it is by then (a later write of a project replaces the status move this record carries).
   */
  image: Record<string, unknown>;
  /** The stream record's event, for the consumer's own handling of a new item or a changed one. */
  eventName: 'INSERT' | 'MODIFY';
  failures: number;
  lastError: string;
  /** Absent while the stream still retries it. */
  status?: 'parked' | 'failed';
  claimedUntil?: number;
  digestKey?: string;
  digestSort?: string;
  ttl: number;
}

const parkedKey = (consumer: ParkingConsumer, source: Key): Key => ({
  PK: `PARKED#${consumer}#${source.PK}#${source.SK}`,
  SK: 'PARKED',
});
/** Due tries in the weekly-digest index, one partition per hour (functions/db/due-tries.ts), as the outbox's. */
const DUE_PREFIX = 'PARKED_DUE#';
const dueKeys = (key: Key, dueAt: number) => dueTryKeys(DUE_PREFIX, dueAt, key.PK);

/**
 * Counts a failure of the stream record made from `source`: true when it is now parked for the
 * sweeper (the caller reports the record done, and the stream goes on), false while the stream
 * should retry it, or when its failure could not even be counted (the database is down: the stream
 * retries, and past its own retries the dead-letter queue keeps where the record was).
 */
export async function parkedAfterFailure(
  consumer: ParkingConsumer,
  image: Record<string, unknown> & Key,
  eventName: ParkedRecordItem['eventName'],
  error: unknown,
): Promise<boolean> {
  const source = { PK: image.PK, SK: image.SK };
  const key = parkedKey(consumer, source);
  const now = clockNow().getTime();
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        ...updateExpression({
          set: {
            type: 'PARKED',
            consumer,
            source,
            image,
            eventName,
            lastError: messageOf(error),
            ttl: ttlAt(now + KEEP_COUNT_DAYS * DAY),
          },
          add: { failures: 1 },
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = out.Attributes as ParkedRecordItem;
    if (item.failures < STREAM_TRIES) return false;
    // Parked: due for its first later try, kept as long as a dead letter.
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        ...updateExpression({
          set: {
            status: 'parked',
            ...dueKeys(key, now + LATER_TRY_MINUTES[0] * MINUTE),
            ttl: ttlAt(now + KEEP_FAILED_DAYS * DAY),
          },
        }),
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/** A parked record's try the sweeper owes. */
export interface DueTry {
  key: Key;
  item: ParkedRecordItem;
}

/** The parked records due by `now`, oldest hour first: one Query per hour of the lookback, each read again strongly. */
export async function dueParkedRecords(now = clockNow().getTime()): Promise<DueTry[]> {
  const keys = (await dueTries(DUE_PREFIX, now, SWEEP_LOOKBACK_HOURS)).map((entry) => entry.id);
  const due: DueTry[] = [];
  for (const PK of keys) {
    const key = { PK, SK: 'PARKED' };
    const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: key, ConsistentRead: true }));
    const item = out.Item as ParkedRecordItem | undefined;
    if (item?.status === 'parked' && item.digestSort !== undefined && dueTryOf(item.digestSort).dueAt <= now)
      due.push({ key, item });
  }
  return due;
}

/** Claims a due try for this sweep: false when another sweep holds it. */
export function claimTry(due: DueTry, now = clockNow().getTime()): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: due.key,
        ...updateExpression(
          { set: { claimedUntil: now + CLAIM_MS } },
          {
            expression: '#status = :parked AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
            names: { '#status': 'status' },
            values: { ':parked': 'parked', ':now': now },
          },
        ),
      }),
    ),
  );
}

/** Done: the parked record goes. */
export async function tryDone(due: DueTry) {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: due.key }));
}

/** Failed again: due for its next later try, or marked 'failed' after the last. Answers whether it was given up. */
export async function tryFailed(due: DueTry, error: unknown, now = clockNow().getTime()): Promise<boolean> {
  const laterTries = due.item.failures - STREAM_TRIES + 1;
  const wait = LATER_TRY_MINUTES[laterTries];
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: due.key,
      ...updateExpression(
        wait === undefined
          ? {
              set: { status: 'failed', lastError: messageOf(error), ...givenUpKeys(due.key, now) },
              add: { failures: 1 },
              remove: ['claimedUntil'],
            }
          : {
              set: { lastError: messageOf(error), ...dueKeys(due.key, now + wait * MINUTE) },
              add: { failures: 1 },
              remove: ['claimedUntil'],
            },
      ),
    }),
  );
  return wait === undefined;
}

/** Records given up on, in one partition of the same index: rare, and what the runbook's redrive reads. */
const GIVEN_UP = 'PARKED_FAILED';
const givenUpKeys = (key: Key, at: number) => ({ digestKey: GIVEN_UP, digestSort: dueTryKeys('', at, key.PK).digestSort });

/**
 * The runbook's redrive (scripts/redrive-parked-records.ts): every record given up on is parked
 * again, due at once, with the sweeper's later tries before it. Idempotent. Answers how many.
 */
export async function redriveGivenUp(now = clockNow().getTime()): Promise<number> {
  let redriven = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: DUE_TRIES_INDEX,
        KeyConditionExpression: 'digestKey = :pk',
        ExpressionAttributeValues: { ':pk': GIVEN_UP },
        ProjectionExpression: 'digestSort',
        ExclusiveStartKey: start,
      }),
    );
    for (const entry of page.Items ?? []) {
      const key = { PK: dueTryOf(String(entry.digestSort)).id, SK: 'PARKED' };
      const again = await conditionHeld(
        db.send(
          new UpdateCommand({
            TableName: TABLE_NAME,
            Key: key,
            ...updateExpression(
              { set: { status: 'parked', failures: STREAM_TRIES, ...dueKeys(key, now) } },
              { expression: '#status = :failed', names: { '#status': 'status' }, values: { ':failed': 'failed' } },
            ),
          }),
        ),
      );
      if (again) redriven += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return redriven;
}

const messageOf = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);
