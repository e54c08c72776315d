import { Webhook } from 'standardwebhooks';
import type { WebhookItem } from './item';

/**
 * A try's Standard Webhooks headers: the delivery's id (the same on every try), the time of this try
 * and one `v1,` signature per live secret, space-separated, so a receiver that still holds the
 * rotated-out secret verifies as well as one that has the new one. The timestamp is the real time,
 * not the functions' clock: the receiver compares it with its own clock to refuse replays.
 */
export function signedHeaders(
  endpoint: Pick<WebhookItem, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  delivery: { messageId: string; body: string },
  { at, realTime }: { at: number; realTime: Date },
): Record<string, string> {
  const secrets = [
    endpoint.secret,
    ...(endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > at ? [endpoint.previousSecret] : []),
  ];
  return {
    'content-type': 'application/json',
    'user-agent': 'Growthwise-Webhooks/1.0',
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(Math.floor(realTime.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(delivery.messageId, realTime, delivery.body)).join(' '),
  };
}
