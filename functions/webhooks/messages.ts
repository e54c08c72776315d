import { WEBHOOKS_MAX } from './item';

/** What the webhook routes answer, in the spec's voice. */
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Delivery not found';
export const TOO_MANY_WEBHOOKS = `An organization can have at most ${WEBHOOKS_MAX} webhooks. Delete one first.`;
export const WEBHOOK_BUSY = 'This webhook was changed by someone else just now. Please try again.';
export const WEBHOOK_DISABLED = 'This webhook is turned off. Turn it on first.';
export const DELIVERY_NOT_FAILED = 'Only a failed delivery can be retried';
/** An automation's webhook action that names no endpoint of the organization. */
export const AUTOMATION_WEBHOOK_NOT_FOUND = "Choose one of your organization's webhooks";
