/**
 * Which stream records reach the mailer: new outbox items only (an event-source-mapping filter
 * pattern). The CDK mapping and the local stream poller both apply this one pattern.
 */
export const OUTBOX_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['OUTBOX'] } } },
} as const;

/** How the mailer's event source retries (the CDK mapping and the local poller read the same values). */
export const MAILER_EVENT_SOURCE = {
  batchSize: 10,
  /** After this many retries a failing record goes to the dead-letter queue. */
  retryAttempts: 3,
  bisectBatchOnError: true,
} as const;
