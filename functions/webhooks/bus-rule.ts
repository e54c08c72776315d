import { WEBHOOK_EVENT_TYPES } from '../../shared/webhook-events';
import { type BusConsumer, CHANGE_EVENT_RECORDS, WEBHOOK_DELIVERY_ASKED_RECORDS } from '../events/bus';

/**
 * What reaches the webhook consumer from the change bus (functions/events/bus.ts): change events of
 * the kinds an endpoint can take, and deliveries asked for at once (a test event, a retry, an
 * automation's action). The CDK rule and the local cloud apply the same patterns.
 */
export const WEBHOOKS_CONSUMER = {
  patterns: [
    {
      eventName: CHANGE_EVENT_RECORDS.eventName,
      dynamodb: { NewImage: { type: CHANGE_EVENT_RECORDS.dynamodb.NewImage.type, changeKind: { S: WEBHOOK_EVENT_TYPES } } },
    },
    WEBHOOK_DELIVERY_ASKED_RECORDS,
  ],
  batchSize: 10,
  // A failed try is scheduled, not redelivered: a message fails only on the table's errors.
  maxReceiveCount: 5,
  // Over the function's 30 s: the batch's tries go side by side, each within 10 s.
  visibilityTimeoutSeconds: 60,
} as const satisfies BusConsumer;
