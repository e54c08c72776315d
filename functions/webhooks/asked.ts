import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { db } from '../db/client';
import { getItem } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { Conflict, NotFound, Refused } from '../domain/errors';
import type { ChangeEventItem } from '../events/change-event';
import { askAgain, askedDelivery, deliveryPut } from './deliveries';
import type { WebhookDeliveryItem, WebhookItem } from './item';
import { webhookKeys } from './keys';
import { AUTOMATION_WEBHOOK_NOT_FOUND, WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_DISABLED, WEBHOOK_NOT_FOUND } from './messages';
import { payloadOf, testPayload } from './payloads';

/**
 * Deliveries asked for at once: written with `asked`, which puts their record on the change bus for
 * the webhook consumer (functions/webhooks/bus-rule.ts), and due now, so the sweeper sends one whose
 * bus message was lost. Never sent from the request that asks.
 */

const usable = (webhook: WebhookItem | undefined): WebhookItem => {
  if (!webhook) throw new NotFound(WEBHOOK_NOT_FOUND);
  if (!webhook.enabled) throw new Refused('invalid', WEBHOOK_DISABLED);
  return webhook;
};

/** 'Send test event': a `webhook.test` delivery to an endpoint that is on. */
export async function sendTestEvent(webhook: WebhookItem | undefined): Promise<WebhookDeliveryItem> {
  const endpoint = usable(webhook);
  const delivery = askedDelivery(endpoint, testPayload(endpoint.id), now().getTime());
  await db.send(new PutCommand(deliveryPut(delivery).Put!));
  return delivery;
}

/** 'Retry': the delivery sent again with its webhook-id; refused while a try of it is in flight. */
export async function retryDelivery(
  webhook: WebhookItem | undefined,
  delivery: WebhookDeliveryItem | undefined,
): Promise<WebhookDeliveryItem> {
  const endpoint = usable(webhook);
  if (!delivery || delivery.webhookId !== endpoint.id) throw new NotFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const asked = await askAgain(delivery, now().getTime());
  if (!asked) throw new Conflict('This delivery is being sent right now. Please try again in a moment.');
  return asked;
}

/**
 * An automation's webhook action (issue 65, item 4): the rule's event posted to one endpoint of the
 * organization, as its subscribers get it, written in the run step's transaction (`also`). A gone or
 * turned-off endpoint, or an event whose project is gone, is the action's failure, in words.
 */
export async function webhookActionWrites(event: ChangeEventItem, webhookId: string): Promise<TransactItem[]> {
  const endpoint = await getItem(webhookKeys.webhook(event.orgId, webhookId), { consistentRead: true });
  if (!endpoint) throw new NotFound(AUTOMATION_WEBHOOK_NOT_FOUND);
  if (!endpoint.enabled) throw new Refused('invalid', WEBHOOK_DISABLED);
  const payload = await payloadOf(event);
  if (!payload) throw new NotFound('The project no longer exists');
  return [deliveryPut(askedDelivery(endpoint, payload, now().getTime()))];
}
