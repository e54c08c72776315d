import { now, realTime } from '../clock';
import { getItem } from '../db/reads';
import { outboundFetch } from '../security/outbound-fetch';
import { ANSWER_READ_BYTES, ATTEMPT_TIME_LIMIT_MS, type TryResult, recordTry } from './deliveries';
import { GONE_REASON, disableEndpoint, endpointDelivered, endpointFailed } from './endpoint-health';
import type { WebhookDeliveryItem, WebhookItem } from './item';
import { webhookKeys } from './keys';
import { signedHeaders } from './signing';

/** How one try went, for the consumer's and the sweeper's logs. */
export interface TryOutcome {
  deliveryId: string;
  webhookId: string;
  status: WebhookDeliveryItem['status'];
  attempts: number;
  responseStatus: number | null;
}

/**
 * One try of a claimed delivery: POSTed, signed, through the outbound-fetch guard (https in the
 * cloud, the host's addresses resolved and checked, no redirect followed, 10 s, 64 KB of the answer
 * read), then recorded under the claim. A 2xx is delivered; a 410 turns the endpoint off; anything
 * else (another status, a refused address, no answer in time) waits for its next try. An endpoint
 * deleted or turned off meanwhile fails the delivery without a try.
 */
export async function tryDelivery(delivery: WebhookDeliveryItem, known?: WebhookItem): Promise<TryOutcome> {
  const claimedUntil = delivery.claimedUntil!;
  const endpoint = known ?? (await getItem(webhookKeys.webhook(delivery.orgId, delivery.webhookId), { consistentRead: true }));
  const at = now().getTime();
  const outcome = (status: WebhookDeliveryItem['status'], attempts: number, result: TryResult): TryOutcome => ({
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    status,
    attempts,
    responseStatus: result.responseStatus,
  });
  if (!endpoint || !endpoint.enabled) {
    const result: TryResult = {
      responseStatus: null,
      error: endpoint ? 'The webhook is turned off' : 'The webhook was deleted',
      delivered: false,
      final: true,
      sent: false,
    };
    const recorded = await recordTry(delivery, claimedUntil, at, result);
    return outcome(recorded.status, recorded.attempts, result);
  }
  const result = await send(endpoint, delivery, at);
  const recorded = await recordTry(delivery, claimedUntil, at, result);
  if (result.delivered) await endpointDelivered(endpoint);
  else if (result.responseStatus === 410) await disableEndpoint(endpoint, GONE_REASON, at);
  else await endpointFailed(endpoint, at);
  return outcome(recorded.status, recorded.attempts, result);
}

async function send(endpoint: WebhookItem, delivery: WebhookDeliveryItem, at: number): Promise<TryResult> {
  try {
    const answer = await outboundFetch(endpoint.url, {
      method: 'POST',
      headers: {
        ...signedHeaders(endpoint, delivery, { at, realTime: new Date(realTime()) }),
        'content-length': String(Buffer.byteLength(delivery.body)),
      },
      body: delivery.body,
      timeLimitMs: ATTEMPT_TIME_LIMIT_MS,
      maxAnswerBytes: ANSWER_READ_BYTES,
      cutAnswer: true,
    });
    const delivered = answer.status >= 200 && answer.status < 300;
    return {
      responseStatus: answer.status,
      error: delivered ? null : `Your endpoint answered ${answer.status}`,
      delivered,
      final: answer.status === 410,
      sent: true,
    };
  } catch (error) {
    return { responseStatus: null, error: reasonOf(error), delivered: false, final: false, sent: true };
  }
}

/** Why a try got no answer, in words an admin can act on (the guard's refusals are already such words). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'The request failed';
  if (error.name === 'OutboundRefused') return error.message.replace(/\.$/, '');
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'Your endpoint refused the connection';
  if (code === 'ECONNRESET') return 'Your endpoint closed the connection';
  return `The request failed: ${error.message}`;
}
