/**
 * Which stream records reach the notification fan-out: new notification events (an
 * event-source-mapping filter pattern) and project changes. The CDK mapping and the local stream poller both apply them.
 */
export const NOTIFICATION_EVENT_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: ['EVENT'] } } },
} as const;

/**
 * A project's changes: the fan-out counts a status move from the item's own record, where the
 * write copied the status it replaced (`statusFrom`, docs/decisions/067).
 */
export const PROJECT_CHANGE_STREAM_FILTER = {
  eventName: ['MODIFY'],
  dynamodb: { NewImage: { type: { S: ['PROJECT'] } } },
} as const;

/** What reaches the fan-out: a record passing either pattern (the mapping's filters are alternatives). */
export const FAN_OUT_STREAM_FILTERS = [NOTIFICATION_EVENT_STREAM_FILTER, PROJECT_CHANGE_STREAM_FILTER] as const;

/** How the fan-out's event source retries (the CDK mapping and the local poller read the same values). */
export const FAN_OUT_EVENT_SOURCE = {
  batchSize: 10,
  /** After this many retries a failing record goes to the dead-letter queue. */
  retryAttempts: 3,
  bisectBatchOnError: true,
} as const;
