/**
 * Which stream records reach the notification fan-out: new notification events only (an
 * event-source-mapping filter pattern). The CDK mapping and the local stream poller both apply it.
 */
export const NOTIFICATION_EVENT_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['EVENT'] } } },
} as const;

/** How the fan-out's event source retries (the CDK mapping and the local poller read the same values). */
export const FAN_OUT_EVENT_SOURCE = {
  batchSize: 10,
  /** After this many retries a failing record goes to the dead-letter queue. */
  retryAttempts: 3,
  bisectBatchOnError: true,
} as const;
