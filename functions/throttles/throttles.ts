import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { Key } from '../db/keys';
import { batchGet, keyId } from '../db/reads';
import { type TransactItem, conditionHeld } from '../db/transactions';
import { type Condition, updateExpression } from '../db/update-expression';
import { clientNetwork } from './client-network';
import { throttleKeys } from './keys';
import type { ThrottleRule } from './rules';

/**
 * The API's rate limiters, for the rules of functions/throttles/rules.ts: one group of operations
 * per kind of window, each taking only rules of its kind (the items and round trips differ, so the
 * routes choose, not a dispatch at run time).
 */

// ---------------------------------------------------------------------------------------------
// Fixed windows (the mail-sending routes: password reset, verification resend, invitation resend).
// Read with the route's other items in one BatchGetItem, counted in the route's own transaction,
// so a throttled and an unthrottled, a known and an unknown address cost the same round trips.

/** `THROTTLE#<rule>#<subject> / THROTTLE` (throttleKeys.throttle): one per rule and subject, replaced when its window has closed. */
export interface FixedWindowItem {
  count: number;
  /** Epoch ms when the window that began with the first request closes. */
  windowEndsAt: number;
}

export const fixedWindowKey = (rule: ThrottleRule<'fixed'>, subject: string) =>
  throttleKeys.throttle(rule.name, subjectOf(rule, subject));

/** Seconds until the subject may ask again, or undefined when it may ask now. */
export function fixedWindowRetryAfter(
  rule: ThrottleRule<'fixed'>,
  item: FixedWindowItem | undefined,
  now = clockNow().getTime(),
): number | undefined {
  if (!item || item.windowEndsAt <= now || item.count < rule.limit) return undefined;
  return Math.max(1, Math.ceil((item.windowEndsAt - now) / 1000));
}

/**
 * Counts one request: into the open window read before, or a new window when there was none. The
 * count is conditional on the window being as it was read and below the limit, so concurrent
 * requests that all read room cannot all pass: the losers' transactions fail on this item
 * (`windowMoved`) and are run again from a fresh read (`countInFixedWindows`).
 */
export function fixedWindowCount(
  rule: ThrottleRule<'fixed'>,
  subject: string,
  current: FixedWindowItem | undefined,
  now = clockNow().getTime(),
): TransactItem {
  const Key = fixedWindowKey(rule, subject);
  if (current && current.windowEndsAt > now) {
    const condition = {
      expression: 'windowEndsAt = :ends AND #count < :limit',
      names: { '#count': 'count' },
      values: { ':ends': current.windowEndsAt, ':limit': rule.limit },
    };
    return { Update: { TableName: TABLE_NAME, Key, ...updateExpression({ add: { count: 1 } }, condition) } };
  }
  const windowEndsAt = now + rule.windowMs;
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...Key, type: 'THROTTLE', count: 1, windowEndsAt, ttl: ttlAt(windowEndsAt) },
      ConditionExpression: 'attribute_not_exists(PK) OR windowEndsAt <= :now',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/** A fixed window's conditional count failed: another request counted since the window was read. */
export class WindowMoved extends Error {
  constructor() {
    super('A throttle window changed between read and count');
    this.name = 'WindowMoved';
  }
}

/** For transactWriteExplained: WindowMoved when one of the counts (their indexes in the transaction) failed. */
export const windowMoved = (failed: Set<number>, countIndexes: number[]) =>
  countIndexes.some((index) => failed.has(index)) ? new WindowMoved() : undefined;

/**
 * Runs a read-check-count-write `attempt` again from its read while a concurrent request moved a
 * window it counts in: the fresh read then sees that request's count (and refuses at the limit).
 */
export async function countInFixedWindows<T>(attempt: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof WindowMoved) || round >= 20) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Sliding windows (sign-in, registration, invitation links): attempts by one subject (an account's
// email, a client address).
//
// Counted in clock-aligned windows, with the window in the counter's key: counting is always one
// UpdateItem (no read first, no "start a new window" write), and an old window's counter is never
// written again and expires by TTL. The sliding window is estimated from the current and the
// previous window, the previous one weighted by how much of it still lies within the last
// `windowMs` (the sliding-window-counter of rate limiters): so a window's end does not lift a
// lock at once, and reading both counters is still one BatchGetItem.

/**
 * `ATTEMPTS#<rule>#<subject>#<window> / ATTEMPTS` (throttleKeys.attemptWindow). Never built whole: counting
 * one attempt is a single UpdateItem that creates it.
 */
export interface AttemptWindowItem {
  type: 'ATTEMPTS';
  count: number;
  /** Epoch seconds: kept until its weight as the previous window has slid out too. */
  ttl: number;
}

export interface ThrottleCounter {
  rule: ThrottleRule<'sliding'>;
  /** The current window's counter. */
  key: Key;
  previousKey: Key;
  /** Epoch ms when the current window began. */
  windowStart: number;
  now: number;
}

interface ThrottleCounts {
  current: number;
  previous: number;
}

/** TTL of the window starting at `windowStart` (epoch ms): the end of the window after it. */
const attemptWindowTtl = (windowStart: number, windowMs: number) => ttlAt(windowStart + 2 * windowMs);

/** The attempts a window's item counts; a window nobody tried in has no item. */
const attemptsIn = (item: Partial<AttemptWindowItem> | undefined) => (typeof item?.count === 'number' ? item.count : 0);

/** Subjects compare case-insensitively (emails) and without surrounding space; client addresses by their network. */
const subjectOf = (rule: ThrottleRule, subject: string) =>
  rule.perClientAddress ? clientNetwork(subject.trim()) : subject.trim().toLowerCase();

/** The counters of `subject` under `rule` around `now`. */
export function throttleCounter(rule: ThrottleRule<'sliding'>, subject: string, now = clockNow().getTime()): ThrottleCounter {
  const window = Math.floor(now / rule.windowMs);
  const name = subjectOf(rule, subject);
  return {
    rule,
    key: throttleKeys.attemptWindow(rule.name, name, window),
    previousKey: throttleKeys.attemptWindow(rule.name, name, window - 1),
    windowStart: window * rule.windowMs,
    now,
  };
}

/** The attempts within the last `windowMs`, estimated from both windows' counters (may be fractional). */
export function recentAttempts(counter: ThrottleCounter, counts: ThrottleCounts): number {
  const elapsed = (counter.now - counter.windowStart) / counter.rule.windowMs;
  return counts.current + counts.previous * (1 - elapsed);
}

/** Seconds until the subject may try again when the attempts of the last window reach the limit, else undefined. */
export function retryAfterSeconds(counter: ThrottleCounter, counts: ThrottleCounts): number | undefined {
  const { rule, now, windowStart } = counter;
  if (recentAttempts(counter, counts) < rule.limit) return undefined;
  // Locked until the current window ends, or earlier when enough of the previous one slides out.
  const untilWindowEnd = windowStart + rule.windowMs - now;
  const slidOutAt =
    counts.current < rule.limit && counts.previous > 0
      ? (1 - (rule.limit - counts.current) / counts.previous) * rule.windowMs
      : Infinity;
  const wait = Math.min(untilWindowEnd, windowStart + slidOutAt - now);
  return Math.max(1, Math.ceil(wait / 1000));
}

/** The counts among items a route read in its own BatchGetItem (with `counter.key` and `counter.previousKey`). */
export function countsIn(counter: ThrottleCounter, items: Map<string, Record<string, unknown>>): ThrottleCounts {
  const countOf = (key: Key) => attemptsIn(items.get(keyId(key)));
  return { current: countOf(counter.key), previous: countOf(counter.previousKey) };
}

/** Reads both counters on their own: one BatchGetItem. */
export async function readThrottle(counter: ThrottleCounter): Promise<ThrottleCounts> {
  return countsIn(counter, await batchGet([counter.key, counter.previousKey]));
}

/** The UpdateItem that counts attempts into the current window (kept until its previous-window weight has slid out too). */
function attemptUpdate(counter: ThrottleCounter, condition?: Condition, attempts = 1) {
  return {
    TableName: TABLE_NAME,
    Key: counter.key,
    ...updateExpression(
      { add: { count: attempts }, set: { type: 'ATTEMPTS', ttl: attemptWindowTtl(counter.windowStart, counter.rule.windowMs) } },
      condition,
    ),
  };
}

/** Room left in the current window: the limit less the previous window's weighted attempts (may be fractional). */
const roomIn = (counter: ThrottleCounter, previous: number) =>
  counter.rule.limit - recentAttempts(counter, { current: 0, previous });

export type Reservation = { reserved: true } | { reserved: false; retryAfter: number };

/**
 * Reserve-then-check: takes one attempt of the subject's allowance before the guarded work, as one
 * conditional UpdateItem (`ADD count` only while `count` is below the room the previous window
 * leaves). N parallel attempts take N, so at most the limit are ever checked; one refused here has
 * counted nothing. The previous window no longer changes, so `previous` read before is exact.
 * A failure keeps its reservation as its count; a success gives it back (releaseAttempt) or clears.
 */
export async function reserveAttempt(counter: ThrottleCounter, previous: number): Promise<Reservation> {
  const room = roomIn(counter, previous);
  const refused = (): Reservation => ({
    reserved: false,
    retryAfter: retryAfterSeconds(counter, { current: Math.max(0, Math.ceil(room)), previous }) ?? 1,
  });
  if (room <= 0) return refused();
  const update = attemptUpdate(counter, {
    expression: 'attribute_not_exists(#count) OR #count < :room',
    names: { '#count': 'count' },
    values: { ':room': room },
  });
  return (await conditionHeld(db.send(new UpdateCommand(update)))) ? { reserved: true } : refused();
}

/**
 * Reserves one attempt under every counter, or under none: when one is used up, those taken are
 * given back. `found` holds the counters' items when the route read them in its own BatchGetItem;
 * without it they are read here (one BatchGetItem).
 */
export async function reserveAll(
  counters: ThrottleCounter[],
  found?: Map<string, Record<string, unknown>>,
): Promise<Reservation> {
  const items = found ?? (await batchGet(counters.flatMap((counter) => [counter.key, counter.previousKey])));
  const reservations = await Promise.all(counters.map((counter) => reserveAttempt(counter, countsIn(counter, items).previous)));
  const waits = reservations.flatMap((reservation) => (reservation.reserved ? [] : [reservation.retryAfter]));
  if (waits.length === 0) return { reserved: true };
  await Promise.all(counters.map((counter, index) => (reservations[index]!.reserved ? releaseAttempt(counter) : undefined)));
  return { reserved: false, retryAfter: Math.max(...waits) };
}

/** Gives a reserved attempt back (the attempt succeeded), into the window it was taken from. */
export async function releaseAttempt(counter: ThrottleCounter): Promise<void> {
  // A counter cleared meanwhile (a right password elsewhere) fails the condition: nothing to give back.
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: counter.key,
        ...updateExpression({ add: { count: -1 } }, { expression: 'attribute_exists(PK)' }),
      }),
    ),
  );
}

/** Counts one attempt: one UpdateItem, answering the current window's count including this one. */
export const countAttempt = (counter: ThrottleCounter): Promise<number> => countAttemptsOf(counter, 1);

/** Counts several attempts at once (a warm function's requests since it last counted): the window's count after them. */
export async function countAttemptsOf(counter: ThrottleCounter, attempts: number): Promise<number> {
  const out = await db.send(new UpdateCommand({ ...attemptUpdate(counter, undefined, attempts), ReturnValues: 'UPDATED_NEW' }));
  return Number(out.Attributes?.count ?? attempts);
}

/** Forgets the subject's attempts (a successful sign-in, a password reset): both windows' counters. */
export async function clearThrottle(counter: ThrottleCounter) {
  const deletes = [counter.key, counter.previousKey].map((Key) => ({ DeleteRequest: { Key } }));
  await db.send(new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: deletes } }));
}
