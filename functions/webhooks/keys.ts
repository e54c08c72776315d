import { ORG, keyOf } from '../db/keys';
import type { WebhookDeliveryItem, WebhookItem } from './item';

/**
 * An organization's endpoints live in its own partition (`WEBHOOK#`, at most WEBHOOKS_MAX), and each
 * endpoint's deliveries in a partition of the endpoint's (`ORG#o#WEBHOOK#w`), newest last: the log
 * is one Query, and a busy endpoint's deliveries never share a partition with another's.
 */
const WEBHOOK = 'WEBHOOK#';
const DELIVERY = 'DELIVERY#';
const deliveries = (orgId: string, webhookId: string) => `${ORG}${orgId}#${WEBHOOK}${webhookId}`;

/** The keys of webhooks (docs/data-model.md, Webhooks). */
export const webhookKeys = {
  webhook: (orgId: string, webhookId: string) => keyOf<WebhookItem>(`${ORG}${orgId}`, `${WEBHOOK}${webhookId}`),
  delivery: (orgId: string, webhookId: string, deliveryId: string) =>
    keyOf<WebhookDeliveryItem>(deliveries(orgId, webhookId), `${DELIVERY}${deliveryId}`),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const webhookCollections = {
  webhooksOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: WEBHOOK }),
  deliveriesOfWebhook: (orgId: string, webhookId: string) => ({ PK: deliveries(orgId, webhookId), prefix: DELIVERY }),
} as const;

/**
 * A pending delivery's next try is kept in the due index under this prefix (the weeklyDigest index's
 * hour partitions, as the outbox's later tries: functions/db/due-tries.ts builds those keys), by an
 * id that names the delivery's whole key.
 */
export const WEBHOOK_DUE_PREFIX = 'WEBHOOK_DUE#';
export const dueEntryId = (delivery: Pick<WebhookDeliveryItem, 'orgId' | 'webhookId' | 'id'>) =>
  `${delivery.orgId}.${delivery.webhookId}.${delivery.id}`;

/** The delivery a due entry's id names. */
export function dueDeliveryOf(id: string): { orgId: string; webhookId: string; deliveryId: string } | undefined {
  const [orgId, webhookId, deliveryId, ...rest] = id.split('.');
  return orgId && webhookId && deliveryId && rest.length === 0 ? { orgId, webhookId, deliveryId } : undefined;
}
