import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { keys } from '../db/keys';
import { now as clockNow, ttlAt } from '../clock';
import type { OutboxItem } from './outbox';

/**
 * Mail is never silently lost (docs/decisions/014, issue 38): the table stream tries a new outbox
 * item's send at once and retries it (STREAM_TRIES in all); after that the item waits for the
 * sweeper, which tries it again LATER_TRY_MINUTES after each failure, and after the last marks it
 * 'failed' (counted, alarmed). The waits are long enough for an SES or SMTP outage to pass.
 */
export const STREAM_TRIES = 3;
export const LATER_TRY_MINUTES = [5, 30, 120] as const;
/** Every try of a mail: the stream's and the sweeper's. */
export const ALL_TRIES = STREAM_TRIES + LATER_TRY_MINUTES.length;
/** How far back the sweeper reads (a stopped sweeper catches up on this much when it runs again). */
export const SWEEP_LOOKBACK_HOURS = 24;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The hour partition of a time: `YYYY-MM-DDTHH`. */
const hourOf = (at: number) => new Date(at).toISOString().slice(0, 13);

/** A waiting later try: its key names when it is due and which outbox item it tries. */
interface LaterTryItem {
  type: 'OUTBOX_RETRY';
  outboxId: string;
  dueAt: number;
}

/**
 * After failed send number `failures`: when the item's next try is due, or undefined when that was
 * its last (the caller marks it failed). The stream's own tries need no later try.
 */
export function nextTryAt(failures: number, now: number): number | undefined {
  if (failures < STREAM_TRIES) return undefined;
  const wait = LATER_TRY_MINUTES[failures - STREAM_TRIES];
  return wait === undefined ? undefined : now + wait * MINUTE;
}

/** Writes the item's next try for the sweeper. */
export async function scheduleLaterTry(outboxId: string, dueAt: number) {
  const item: LaterTryItem = { type: 'OUTBOX_RETRY', outboxId, dueAt };
  await db.send(new PutCommand({ TableName: TABLE_NAME, Item: { ...keys.outboxLaterTry(hourOf(dueAt), dueAt, outboxId), ...item, ttl: ttlAt(dueAt + (SWEEP_LOOKBACK_HOURS + 1) * HOUR) } }));
}

/** The later tries due by `now`, oldest first: one Query per hour partition of the lookback. */
export async function dueLaterTries(now = clockNow().getTime()): Promise<LaterTryItem[]> {
  const hours = Array.from({ length: SWEEP_LOOKBACK_HOURS + 1 }, (_, index) => hourOf(now - (SWEEP_LOOKBACK_HOURS - index) * HOUR));
  const pages = await Promise.all(
    hours.map((hour) =>
      db.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'PK = :pk AND SK <= :due',
          ExpressionAttributeValues: { ':pk': keys.outboxLaterTry(hour, 0, '').PK, ':due': `${String(now).padStart(15, '0')}#~` },
        }),
      ),
    ),
  );
  return pages.flatMap((page) => (page.Items ?? []) as LaterTryItem[]);
}

/** Done with a later try (sent, rescheduled or given up). */
export async function removeLaterTry(laterTry: LaterTryItem) {
  await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keys.outboxLaterTry(hourOf(laterTry.dueAt), laterTry.dueAt, laterTry.outboxId) }));
}

/** The outbox item a later try names, as it is now. */
export async function outboxItemOf(laterTry: LaterTryItem): Promise<OutboxItem | undefined> {
  const out = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.outbox(laterTry.outboxId), ConsistentRead: true }));
  return out.Item as OutboxItem | undefined;
}
