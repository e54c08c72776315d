import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { WebhookDeliveryResponse, WebhookDeliveryStatus, WebhookResponse } from '../../shared/schemas/webhooks';
import type { WebhookEventType } from '../../shared/webhook-events';

/**
 * An organization's endpoint: `ORG#<orgId> / WEBHOOK#<id>` (webhookKeys.webhook). The signing secret is
 * kept as it is: a signature is an HMAC, so the product must hold the key the receiver verifies with
 * (docs/decisions/114). During a rotation the old secret signs beside the new one until it expires.
 */
export interface WebhookItem {
  type: 'WEBHOOK';
  id: string;
  orgId: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
  secret: string;
  previousSecret?: string;
  /** Epoch ms of the functions' clock; the previous secret signs until then. */
  previousSecretExpiresAt?: number;
  /** Epoch ms of the first failed try since the last delivered one: 5 days of failing turn the endpoint off. */
  failingSince?: number;
  /** Set when the product turned it off (410 Gone, 5 days of failing); removed when an admin turns it on. */
  disabledReason?: string;
  createdAt: string;
  updatedAt: string;
  createdBy: { id: string; fullName: string };
}

/**
 * One message to one endpoint: `ORG#<orgId>#WEBHOOK#<webhookId> / DELIVERY#<id>`. The body is kept as
 * the exact text sent, so every try sends (and signs) the same bytes under the same webhook-id. While
 * pending it is due for its next try in the due index (`digestKey`/`digestSort`, docs/decisions/114).
 */
export interface WebhookDeliveryItem {
  type: 'WEBHOOK_DELIVERY';
  id: string;
  orgId: string;
  webhookId: string;
  eventType: string;
  /** The webhook-id header: the same on every try. */
  messageId: string;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  /** Epoch ms of the next try while pending (the due index holds the same time). */
  dueAt?: number;
  /** Epoch ms until which one try owns the delivery (a crashed try's claim runs out, and the sweeper takes it over). */
  claimedUntil?: number;
  /**
   * 'now' on a delivery an admin or an automation asked for (a test event, a retry, an automation's
   * action): the change bus passes its record to the webhook consumer, which tries it at once and
   * removes the mark with its claim (functions/webhooks/bus-rule.ts).
   */
  asked?: 'now';
  createdAt: string;
  ttl: number;
  digestKey?: string;
  digestSort?: string;
}

/** At most this many endpoints per organization: each event is read against all of them. */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
/** Deliveries are kept a month: the log shows the recent ones. */
export const KEEP_DELIVERY_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the previous secret signs beside a rotated one: time for the receiver to take the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

const SECRET_PREFIX = 'whsec_';

/** A new signing secret as Standard Webhooks gives one: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export const newWebhookId = (at: Date) => ulid(at.getTime());

export const toWebhookResponse = (item: WebhookItem): WebhookResponse => ({
  id: item.id,
  url: item.url,
  events: item.events,
  description: item.description,
  enabled: item.enabled,
  disabledReason: item.disabledReason ?? null,
  createdAt: item.createdAt,
});

export const toDeliveryResponse = (item: WebhookDeliveryItem): WebhookDeliveryResponse => ({
  id: item.id,
  eventType: item.eventType,
  status: item.status,
  attempts: item.attempts,
  responseStatus: item.responseStatus,
  lastError: item.lastError,
  lastAttemptAt: item.lastAttemptAt,
  nextAttemptAt: item.status === 'pending' && item.dueAt !== undefined ? new Date(item.dueAt).toISOString() : null,
  createdAt: item.createdAt,
});
