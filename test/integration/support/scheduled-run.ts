import { inject } from 'vitest';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';

/**
 * Points the functions' modules imported after it in this test process at the run's table: functions/db
 * reads its table and endpoint once, on import. A scheduled function's handler then runs here, and its
 * writes reach the local cloud's stream poller (fan-out, mailer) like any other.
 */
export function useRunTable() {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
    LOG_LEVEL: 'error',
  });
}

/** Runs a scheduled function's handler as if it were `at` (epoch ms of the functions' clock, functions/clock.ts). */
export async function runScheduledAt<T>(handler: (event: unknown) => Promise<unknown>, at: number): Promise<T> {
  process.env.GROWTHWISE_CLOCK_OFFSET_MS = String(at - Date.now());
  try {
    return (await handler({})) as T;
  } finally {
    delete process.env.GROWTHWISE_CLOCK_OFFSET_MS;
  }
}
