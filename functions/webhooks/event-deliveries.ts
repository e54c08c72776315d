import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/webhook-events';
import { now } from '../clock';
import { db } from '../db/client';
import { conditionHeld } from '../db/transactions';
import type { ChangeEventItem } from '../events/change-event';
import { type TryOutcome, tryDelivery } from './attempt';
import { CLAIM_MS, claimDelivery, deliveryPut, newDelivery, readDelivery } from './deliveries';
import type { WebhookDeliveryItem, WebhookItem } from './item';
import { payloadOf } from './payloads';
import { listWebhooks } from './reads';

const isWebhookEvent = (kind: string | undefined): kind is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(kind ?? '');

/**
 * What the webhook consumer does with a change event: one delivery per endpoint of the organization
 * that is on and takes the event's type, each written once (its id is the event's, in the endpoint's
 * partition: a redelivered event finds it), then the first tries side by side. An endpoint already
 * failing gets its delivery due at once for the sweeper instead: its timeouts never hold up the queue
 * every organization's events go through.
 */
export async function deliverChangeEvent(event: ChangeEventItem): Promise<TryOutcome[]> {
  const kind = event.change?.kind;
  if (!isWebhookEvent(kind)) return [];
  const endpoints = (await listWebhooks(event.orgId)).filter((endpoint) => endpoint.enabled && endpoint.events.includes(kind));
  if (endpoints.length === 0) return [];
  const payload = await payloadOf(event);
  if (!payload) return [];
  const at = now().getTime();
  const tries = await Promise.all(
    endpoints.map(async (endpoint) => {
      const failing = endpoint.failingSince !== undefined;
      const delivery = newDelivery(
        endpoint,
        { id: event.id, payload },
        at,
        failing ? { due: true } : { claimedUntil: at + CLAIM_MS },
      );
      if (await putOnce(delivery)) return failing ? undefined : tryDelivery(delivery, endpoint);
      return failing ? undefined : tryExisting(delivery, endpoint, at);
    }),
  );
  return tries.filter((outcome): outcome is TryOutcome => outcome !== undefined);
}

const putOnce = (delivery: WebhookDeliveryItem) => conditionHeld(db.send(new PutCommand(deliveryPut(delivery).Put!)));

/** The event delivered again: its delivery was written before; tried if it is still due and nobody holds it. */
async function tryExisting(delivery: WebhookDeliveryItem, endpoint: WebhookItem, at: number) {
  const stored = await readDelivery({ orgId: delivery.orgId, webhookId: delivery.webhookId, deliveryId: delivery.id });
  if (!stored || stored.status !== 'pending' || (stored.dueAt ?? Infinity) > at) return undefined;
  const claimed = await claimDelivery(stored, at);
  return claimed ? tryDelivery(claimed, endpoint) : undefined;
}

/** A delivery an admin or an automation asked for (its record on the change bus): claimed, and tried at once. */
export async function deliverAsked(
  delivery: Pick<WebhookDeliveryItem, 'orgId' | 'webhookId' | 'id'>,
): Promise<TryOutcome | undefined> {
  const claimed = await claimDelivery(delivery, now().getTime(), { asked: true });
  return claimed ? tryDelivery(claimed) : undefined;
}
