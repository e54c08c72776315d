import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { now as clockNow, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type TransactItem, conditionHeld, conditionHeldAnswer } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { mailerKeys } from './keys';
import { DUE_ATTRIBUTES, stuckCheckKeys } from './later-tries';
import type { QueuedMail } from './mail';

/**
 * The transactional outbox (docs/data-model.md): an action that must send mail puts its outbox
 * item in the action's own TransactWriteItems; the table's stream hands new items to the mailer,
 * which claims each by id before sending, so a retried batch never sends twice.
 */
export type OutboxItem = QueuedMail & {
  type: 'OUTBOX';
  id: string;
  to: string;
  /** 'failed': every try failed, the last one by the sweeper (functions/mailer/later-tries.ts). */
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  /** Failed sends so far. */
  attempts?: number;
  /** The last failed send's error, for the runbook. */
  lastError?: string;
  failedAt?: string;
  /** The invitation whose link this mail carries: told when the mail finally fails (functions/invitations/mail-failed.ts). */
  invitation?: InvitationMailOf;
  createdAt: string;
  /** Epoch ms until which one mailer invocation owns the item (a crashed one's claim runs out). */
  claimedUntil?: number;
  sentAt?: string;
  /** Epoch seconds; set once sent, so sent items expire. */
  ttl?: number;
  /** While pending, the sweeper's next try of it, in the weeklyDigest index (functions/mailer/later-tries.ts). */
  digestKey?: string;
  digestSort?: string;
};

export interface InvitationMailOf {
  orgId: string;
  id: string;
}

/** Kept a week after sending: enough to answer "did the mail go out?", short enough to hold no old tokens. */
const KEEP_SENT_SECONDS = 7 * 24 * 3600;
/** Longer than a send takes (the mailer times out first), short enough for a retry to take over. */
export const CLAIM_MS = 60_000;

/**
 * The Put of one outbox item, for the action's own transaction. A stream consumer names the id
 * (derived from its event), so that a redelivery names the same item and queues nothing twice.
 * It is written due for the sweeper's stuck check, so a mailer that crashes cannot lose it.
 */
export function outboxPut(to: string, mail: QueuedMail, id: string = ulid(), invitation?: InvitationMailOf): TransactItem {
  const writtenAt = clockNow();
  const item: OutboxItem = {
    type: 'OUTBOX',
    id,
    to,
    status: 'pending',
    createdAt: writtenAt.toISOString(),
    ...mail,
    ...(invitation ? { invitation } : {}),
    ...stuckCheckKeys(id, writtenAt.getTime()),
  };
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...mailerKeys.outbox(item.id), ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Takes the item for one send: only while it is pending and nobody else holds a live claim.
 * Answers false when it is sent, skipped or claimed by a concurrent invocation.
 */
export async function claimOutboxItem(id: string, now = clockNow().getTime()): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: mailerKeys.outbox(id),
        ...updateExpression(
          { set: { claimedUntil: now + CLAIM_MS } },
          {
            expression: '#status = :pending AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
            names: { '#status': 'status' },
            values: { ':pending': 'pending', ':now': now },
          },
        ),
      }),
    ),
  );
}

/** Marks the item done (sent, or skipped by the stage's allow-list); its data (tokens) and its due try go, TTL comes. */
export async function finishOutboxItem(id: string, status: 'sent' | 'skipped', now = clockNow().getTime()) {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: mailerKeys.outbox(id),
      ...updateExpression({
        set: { status, sentAt: new Date(now).toISOString(), ttl: ttlAt(now + KEEP_SENT_SECONDS * 1000) },
        remove: ['data', 'claimedUntil', ...DUE_ATTRIBUTES],
      }),
    }),
  );
}

/**
 * Counts a failed send and gives the item back, so the next try can claim it at once: the failed
 * sends so far, or undefined when the item is no longer pending.
 */
export async function recordFailedSend(id: string, error: unknown): Promise<number | undefined> {
  const out = await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: mailerKeys.outbox(id),
        ...updateExpression(
          {
            add: { attempts: 1 },
            set: { lastError: String((error as Error)?.message ?? error).slice(0, 500) },
            remove: ['claimedUntil'],
          },
          { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'pending' } },
        ),
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
  );
  return out && Number(out.Attributes?.attempts);
}

/** Gives up on the item after its last try: 'failed', kept a week like a sent one, its data (tokens) and its due try gone. */
export async function failOutboxItem(id: string, now = clockNow().getTime()) {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: mailerKeys.outbox(id),
      ...updateExpression({
        set: { status: 'failed', failedAt: new Date(now).toISOString(), ttl: ttlAt(now + KEEP_SENT_SECONDS * 1000) },
        remove: ['data', 'claimedUntil', ...DUE_ATTRIBUTES],
      }),
    }),
  );
}
