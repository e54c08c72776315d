import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { dueTries, dueTryKeys, dueTryOf } from '../db/due-tries';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { OUTBOX_DUE_PREFIX, mailerKeys } from './keys';
import type { OutboxItem } from './outbox';

/**
 * Mail is never silently lost (docs/decisions/014, 071, issue 38): the table stream tries a new outbox
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
/**
 * Every outbox item is written due this long after it was written, and a sent, skipped or given-up
 * one is no longer due: an item still 'pending' then was lost by the stream (a mailer that crashed
 * or timed out before its failed path), and the sweeper takes it over. It must outlast the stream's
 * own tries, or the sweeper would race a live retry for nothing: STREAM_TRIES invocations of at most
 * 30 s each (infra/constructs/stream-consumer.ts) plus the stream's backoff between them, about 2
 * minutes in all, and the 60 s a crashed try's claim holds the item (functions/mailer/outbox.ts).
 */
export const STUCK_AFTER_MINUTES = 15;

const MINUTE = 60_000;
/** A try the sweeper owes an outbox item: when it is due and which item. */
export interface LaterTry {
  outboxId: string;
  dueAt: number;
}

/** The keys that make a new outbox item due for the sweeper STUCK_AFTER_MINUTES after `writtenAt` (outboxPut). */
export const stuckCheckKeys = (outboxId: string, writtenAt: number) =>
  dueKeys(outboxId, writtenAt + STUCK_AFTER_MINUTES * MINUTE);

const dueKeys = (outboxId: string, dueAt: number) => dueTryKeys(OUTBOX_DUE_PREFIX, dueAt, outboxId);

/** The try an index sort key names (`<dueAt>#<outbox id>`): an outbox item's, or an index entry's (the index projects no id). */
export function laterTryOf(digestSort: string): LaterTry {
  const { dueAt, id } = dueTryOf(digestSort);
  return { dueAt, outboxId: id };
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

/** Makes the item due for the sweeper at `dueAt` (replacing the try it was due for); nothing once it is no longer pending. */
export async function scheduleLaterTry(outboxId: string, dueAt: number) {
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: mailerKeys.outbox(outboxId),
        ...updateExpression(
          { set: dueKeys(outboxId, dueAt) },
          { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'pending' } },
        ),
      }),
    ),
  );
}

/** The tries due by `now`, oldest hour first (functions/db/due-tries.ts). */
export async function dueLaterTries(now = clockNow().getTime()): Promise<LaterTry[]> {
  const due = await dueTries(OUTBOX_DUE_PREFIX, now, SWEEP_LOOKBACK_HOURS);
  return due.map(({ dueAt, id }) => ({ dueAt, outboxId: id }));
}

/** The outbox item a try names, as it is now. */
export async function outboxItemOf(laterTry: LaterTry): Promise<OutboxItem | undefined> {
  const out = await db.send(
    new GetCommand({ TableName: TABLE_NAME, Key: mailerKeys.outbox(laterTry.outboxId), ConsistentRead: true }),
  );
  return out.Item as OutboxItem | undefined;
}

/** The index keys a done item drops (sent, skipped, failed): it is due for nothing any more. */
export const DUE_ATTRIBUTES = ['digestKey', 'digestSort'] as const;
