import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';

/**
 * Outbound webhooks (issue 65, item 3): an organization's endpoints, the events each receives
 * (shared/webhook-events.ts) and the log of what was sent.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest URL an endpoint may have (browsers and most servers take 2,048). */
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_URL_MESSAGE = 'Enter the full URL of your endpoint, such as https://example.com/webhooks';
export const WEBHOOK_URL_SCHEME_MESSAGE = 'The URL must start with https://';
// Messages are written out, not built from the lists and limits: a module-level call or template is kept by esbuild in every bundle that imports the module.
export const WEBHOOK_EVENTS_MESSAGE =
  'Events must be some of project.created, project.updated, project.deleted, project.members_changed, comment.created';
const EVENTS_REQUIRED = 'Choose at least one event';
const DESCRIPTION_MESSAGE = 'Description must be at most 200 characters';
const ENABLED_MESSAGE = 'enabled must be true or false';

/** An http or https URL as the WHATWG parser reads it; the stage's rules (https in the cloud, public addresses) are the server's. */
const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const url = /* @__PURE__ */ (() =>
  z
    .string({ error: WEBHOOK_URL_MESSAGE })
    .check(
      z.trim(),
      z.maxLength(WEBHOOK_URL_MAX, 'The URL must be at most 2048 characters'),
      z.refine(isWebUrl, { message: WEBHOOK_URL_MESSAGE, abort: true }),
    ))();

const events = /* @__PURE__ */ (() =>
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: () => WEBHOOK_EVENTS_MESSAGE }), { error: WEBHOOK_EVENTS_MESSAGE })
    .check(z.minLength(1, EVENTS_REQUIRED)))();

const description = /* @__PURE__ */ (() =>
  z.string({ error: DESCRIPTION_MESSAGE }).check(z.trim(), z.maxLength(WEBHOOK_DESCRIPTION_MAX, DESCRIPTION_MESSAGE)))();

/** POST /api/organization/webhooks. */
export const createWebhookRequest = /* @__PURE__ */ (() => z.object({ url, events, description: z.optional(description) }))();
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

/** PATCH /api/organization/webhooks/{id}: any of these; turning an endpoint on again clears why it was turned off. */
export const updateWebhookRequest = /* @__PURE__ */ (() =>
  z.object({
    url: z.optional(url),
    events: z.optional(events),
    enabled: z.optional(z.boolean({ error: ENABLED_MESSAGE })),
    description: z.optional(description),
  }))();
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequest>;

/** An endpoint as listed: never its signing secret, which only its creation and a rotation answer. */
export const webhookResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    /** Empty when none was given. */
    description: z.string(),
    enabled: z.boolean(),
    /** Why the product turned it off (410 Gone, failing for 5 days); null when it is on or an admin turned it off. */
    disabledReason: z.nullable(z.string()),
    /** ISO-8601. */
    createdAt: z.string(),
  }))();
export type WebhookResponse = z.infer<typeof webhookResponse>;

/** GET /api/organization/webhooks: oldest first. */
export const webhookListResponse = /* @__PURE__ */ (() => z.object({ webhooks: z.array(webhookResponse) }))();
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

/** 201 of POST /api/organization/webhooks: the endpoint and its signing secret (`whsec_` + base64), shown this once. */
export const webhookCreatedResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    secret: z.string(),
  }))();
export type WebhookCreatedResponse = z.infer<typeof webhookCreatedResponse>;

/** POST …/rotate-secret: the new secret, shown this once; the old one still signs until `previousSecretExpiresAt`. */
export const webhookSecretResponse = /* @__PURE__ */ (() =>
  z.object({ id: z.string(), secret: z.string(), previousSecretExpiresAt: z.string() }))();
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponse>;

export const deletedWebhookResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();

/** One message to one endpoint, with its tries so far. */
export const webhookDeliveryResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    /** The last try's HTTP status; null before the first, or when it got no answer (refused, timed out). */
    responseStatus: z.nullable(z.number()),
    /** Why the last try failed without an answer, in words; null otherwise. */
    lastError: z.nullable(z.string()),
    lastAttemptAt: z.nullable(z.string()),
    /** When the next try is due while it is pending; null once delivered or failed. */
    nextAttemptAt: z.nullable(z.string()),
    createdAt: z.string(),
  }))();
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponse>;

export const webhookDeliveryPageQuery = /* @__PURE__ */ (() => z.object({ cursor: z.optional(z.string()) }))();
/** GET …/deliveries: newest first, a page at a time. */
export const webhookDeliveryPageResponse = /* @__PURE__ */ (() =>
  z.object({ deliveries: z.array(webhookDeliveryResponse), nextCursor: z.nullable(z.string()) }))();
export type WebhookDeliveryPageResponse = z.infer<typeof webhookDeliveryPageResponse>;

/** 202 of a test event or a retry: the delivery, pending; the webhook consumer sends it in a moment. */
export const webhookDeliveryQueuedResponse = /* @__PURE__ */ (() => z.object({ delivery: webhookDeliveryResponse }))();
export type WebhookDeliveryQueuedResponse = z.infer<typeof webhookDeliveryQueuedResponse>;
