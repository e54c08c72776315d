import { type BusConsumer, CHANGE_EVENT_RECORDS, PROJECT_CHANGE_RECORDS } from '../events/bus';

/**
 * What reaches the notification fan-out from the change bus (functions/events/bus.ts): new change
 * events and project changes. The CDK rule and the local cloud apply the same patterns.
 */
export const FAN_OUT_CONSUMER = {
  patterns: [CHANGE_EVENT_RECORDS, PROJECT_CHANGE_RECORDS],
  batchSize: 10,
  // The fan-out parks a record that keeps failing (functions/events/parked-records.ts): its queue's
  // dead letters hold only what could not even be parked.
  maxReceiveCount: 5,
  visibilityTimeoutSeconds: 60,
} as const satisfies BusConsumer;
