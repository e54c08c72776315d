import { type BusConsumer, CHANGE_EVENT_RECORDS, PROJECT_CHANGE_RECORDS } from '../events/bus';

/**
 * What reaches the figures from the change bus (functions/events/bus.ts): change events (what each
 * adds to the organization's counters) and project changes (their status moves, docs/decisions/067).
 * The CDK rule and the local cloud apply the same patterns.
 */
export const FIGURES_CONSUMER = {
  patterns: [CHANGE_EVENT_RECORDS, PROJECT_CHANGE_RECORDS],
  batchSize: 10,
  // Each event's mark counts it once (figures-from-events.ts): a message received again adds nothing twice.
  maxReceiveCount: 5,
  visibilityTimeoutSeconds: 60,
} as const satisfies BusConsumer;
