import { type BusConsumer, CHANGE_EVENT_RECORDS } from '../events/bus';
import { CHANGE_KINDS } from '../events/change-kinds';

/**
 * What reaches the automations from the change bus (functions/events/bus.ts): change events that say
 * what happened (`changeKind`). The CDK rule and the local cloud apply the same pattern.
 */
export const AUTOMATIONS_CONSUMER = {
  patterns: [
    {
      eventName: CHANGE_EVENT_RECORDS.eventName,
      dynamodb: { NewImage: { type: CHANGE_EVENT_RECORDS.dynamodb.NewImage.type, changeKind: { S: CHANGE_KINDS } } },
    },
  ],
  batchSize: 10,
  // A run waiting for its organization's next minute (functions/automations/budget.ts) is received
  // again a minute later: 15 receives are a quarter of an hour of waiting before its dead letter.
  maxReceiveCount: 15,
  visibilityTimeoutSeconds: 60,
} as const satisfies BusConsumer;
