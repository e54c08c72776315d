/**
 * What an organization's webhook endpoints can be sent (issue 65): the change events' kinds a
 * receiver outside the product can act on. `webhook.test` is what 'Send test event' sends and is
 * never subscribed to. Apart from the schemas, so the functions that deliver read the list without
 * building the routes' schemas (docs/decisions/021i).
 */
export const WEBHOOK_EVENT_TYPES = [
  'project.created',
  'project.updated',
  'project.deleted',
  'project.members_changed',
  'comment.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';
