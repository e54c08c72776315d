import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { dueTryKeys } from '../db/due-tries';
import { type TransactItem, conditionHeldAnswer } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { KEEP_DELIVERY_MS, type WebhookDeliveryItem, type WebhookItem } from './item';
import { WEBHOOK_DUE_PREFIX, dueEntryId, webhookKeys } from './keys';
import type { WebhookPayload } from './payloads';

/**
 * A delivery's tries (docs/decisions/114): the first at once, then Svix's schedule after each failure,
 * then 'failed'. Every wait is written as the delivery's next due time, never slept: a try takes at
 * most ATTEMPT_TIME_LIMIT_MS whatever the endpoint does, and the sweeper sends what is due.
 */
export const RETRY_WAITS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** Every try of a delivery: the first and its retries. */
export const ATTEMPTS_MAX = 1 + RETRY_WAITS_MS.length;
/** A 2xx within this is delivered; anything later is a failed try. */
export const ATTEMPT_TIME_LIMIT_MS = 10_000;
/** The most of a receiver's answer read (its status decides; its body is not kept). */
export const ANSWER_READ_BYTES = 64 * 1024;
/** How long a claimed try owns its delivery: longer than a try, short enough for the sweeper to take over a crashed one. */
export const CLAIM_MS = 3 * ATTEMPT_TIME_LIMIT_MS;

/** The due index's keys of a pending delivery's next try (functions/db/due-tries.ts). */
export const webhookDueKeys = (dueAt: number, delivery: Pick<WebhookDeliveryItem, 'orgId' | 'webhookId' | 'id'>) =>
  dueTryKeys(WEBHOOK_DUE_PREFIX, dueAt, dueEntryId(delivery));

/** After `attempts` tries (the last one failed): when the next is due, or undefined when that was the last. */
export function nextTryAt(attempts: number, at: number): number | undefined {
  const wait = RETRY_WAITS_MS[attempts - 1];
  return wait === undefined ? undefined : at + wait;
}

/**
 * A new delivery, due at `at`. `claimedUntil`: written already claimed by the try about to be made
 * (the consumer's first try), due when that claim runs out, so a crash mid-try is swept; `asked`:
 * tried at once by the webhook consumer the change bus hands its record to.
 */
export function newDelivery(
  endpoint: Pick<WebhookItem, 'orgId' | 'id'>,
  message: { id: string; payload: WebhookPayload },
  at: number,
  mode: { claimedUntil: number } | { asked: true } | { due: true },
): WebhookDeliveryItem {
  const dueAt = 'claimedUntil' in mode ? mode.claimedUntil : at;
  const identity = { orgId: endpoint.orgId, webhookId: endpoint.id, id: message.id };
  return {
    type: 'WEBHOOK_DELIVERY',
    ...identity,
    eventType: message.payload.type,
    messageId: `msg_${message.id}`,
    body: JSON.stringify(message.payload),
    status: 'pending',
    attempts: 0,
    responseStatus: null,
    lastError: null,
    lastAttemptAt: null,
    dueAt,
    ...('claimedUntil' in mode ? { claimedUntil: mode.claimedUntil } : {}),
    ...('asked' in mode ? { asked: 'now' as const } : {}),
    createdAt: new Date(at).toISOString(),
    ttl: ttlAt(at + KEEP_DELIVERY_MS),
    ...webhookDueKeys(dueAt, identity),
  };
}

/** A delivery's Put, once: a second delivery of the same event to the same endpoint finds it. */
export const deliveryPut = (item: WebhookDeliveryItem): TransactItem => ({
  Put: {
    TableName: TABLE_NAME,
    Item: { ...webhookKeys.delivery(item.orgId, item.webhookId, item.id), ...item },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** A message of the admin's or an automation's asking (a test event, an automation's action): a fresh id. */
export const askedDelivery = (endpoint: Pick<WebhookItem, 'orgId' | 'id'>, payload: WebhookPayload, at: number) =>
  newDelivery(endpoint, { id: ulid(at), payload }, at, { asked: true });

export const readDelivery = (key: { orgId: string; webhookId: string; deliveryId: string }) =>
  db
    .send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.delivery(key.orgId, key.webhookId, key.deliveryId),
        ConsistentRead: true,
      }),
    )
    .then((out) => out.Item as WebhookDeliveryItem | undefined);

const claimFree = '(attribute_not_exists(#claimedUntil) OR #claimedUntil < :now)';

/**
 * Takes a pending delivery for one try: due by now (or asked for) and held by no live claim. Answers
 * the delivery as claimed, or undefined when it is delivered, failed, not due or in another try's hands.
 */
export async function claimDelivery(
  delivery: Pick<WebhookDeliveryItem, 'orgId' | 'webhookId' | 'id'>,
  at: number,
  { asked = false } = {},
): Promise<WebhookDeliveryItem | undefined> {
  const claimedUntil = at + CLAIM_MS;
  const out = await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.delivery(delivery.orgId, delivery.webhookId, delivery.id),
        // The due keys move to the claim's end: a try that crashes is swept once its claim has run out.
        ...updateExpression(
          { set: { claimedUntil, dueAt: claimedUntil, ...webhookDueKeys(claimedUntil, delivery) }, remove: ['asked'] },
          {
            expression: `#status = :pending AND ${claimFree} AND ${asked ? '#asked = :asked' : '#dueAt <= :now'}`,
            names: {
              '#status': 'status',
              '#claimedUntil': 'claimedUntil',
              ...(asked ? { '#asked': 'asked' } : { '#dueAt': 'dueAt' }),
            },
            values: { ':pending': 'pending', ':now': at, ...(asked ? { ':asked': 'now' } : {}) },
          },
        ),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes as WebhookDeliveryItem | undefined;
}

/**
 * An admin's retry: the delivery pending again and asked for, due now (the sweeper's fallback), its
 * tries counted on from where they were. Refused (undefined) while a try of it is in flight.
 */
export async function askAgain(delivery: WebhookDeliveryItem, at: number): Promise<WebhookDeliveryItem | undefined> {
  const out = await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.delivery(delivery.orgId, delivery.webhookId, delivery.id),
        ...updateExpression(
          { set: { status: 'pending', asked: 'now', dueAt: at, ...webhookDueKeys(at, delivery) }, remove: ['claimedUntil'] },
          {
            expression: `attribute_exists(PK) AND ${claimFree}`,
            names: { '#claimedUntil': 'claimedUntil' },
            values: { ':now': at },
          },
        ),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return out?.Attributes as WebhookDeliveryItem | undefined;
}

/** What one try came to. */
export interface TryResult {
  responseStatus: number | null;
  error: string | null;
  delivered: boolean;
  /** No more tries: the last one failed, or the endpoint is gone, off, or answered 410 Gone. */
  final: boolean;
  /** False when nothing was sent (the endpoint gone or off): not counted as a try. */
  sent: boolean;
}

/**
 * The try's record on its delivery, under the claim that made it: delivered; failed for good; or
 * pending with its next due time. A try whose claim was taken over (it ran past CLAIM_MS) records nothing.
 */
export async function recordTry(delivery: WebhookDeliveryItem, claimedUntil: number, at: number, result: TryResult) {
  const attempts = delivery.attempts + (result.sent ? 1 : 0);
  const next = result.delivered || result.final ? undefined : nextTryAt(attempts, at);
  const status: WebhookDeliveryItem['status'] = result.delivered ? 'delivered' : next === undefined ? 'failed' : 'pending';
  await conditionHeldAnswer(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: webhookKeys.delivery(delivery.orgId, delivery.webhookId, delivery.id),
        ...updateExpression(
          {
            set: {
              status,
              attempts,
              responseStatus: result.responseStatus,
              lastError: result.error,
              lastAttemptAt: new Date(at).toISOString(),
              ...(next !== undefined ? { dueAt: next, ...webhookDueKeys(next, delivery) } : {}),
            },
            remove: ['claimedUntil', ...(next === undefined ? ['dueAt', 'digestKey', 'digestSort'] : [])],
          },
          {
            expression: '#claimedUntil = :claim',
            names: { '#claimedUntil': 'claimedUntil' },
            values: { ':claim': claimedUntil },
          },
        ),
      }),
    ),
  );
  return { status, attempts, next };
}
