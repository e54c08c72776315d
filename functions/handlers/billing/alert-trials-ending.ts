import type { Context } from 'aws-lambda';
import { alertTrialsEnding } from '../../billing/trial-ending-alerts';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';

/**
 * The daily schedule's function (infra/constructs/trial-alerts.ts): announces the trials ending
 * within three days. Not a route: the schedule invokes it with an event it does not need.
 */
export const handler = async (_event: unknown, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      const run = await alertTrialsEnding();
      logger.info('trial alerts', {
        alerted: run.alerted.length,
        alreadyAlerted: run.alreadyAlerted,
        stale: run.stale,
        orgIds: run.alerted,
      });
      return { alerted: run.alerted.length, alreadyAlerted: run.alreadyAlerted, stale: run.stale };
    } finally {
      publishMetrics(context?.awsRequestId ?? 'schedule');
    }
  });
