import type { Context, ScheduledEvent, SQSEvent } from 'aws-lambda';
import { failedMessages, recordsOfMessages } from '../../events/bus';
import { fanOutNotifications, sweepParkedRecords } from '../../notifications/fan-out';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';

/**
 * The notification fan-out: invoked by its queue on the change bus (functions/notifications/bus-rule.ts)
 * in the cloud, and by the local cloud's stream poller with the same event shape. Reports failed
 * messages for a partial retry. Every 5 minutes the schedule invokes it to sweep the records it parked.
 */
export const handler = async (event: SQSEvent | ScheduledEvent, context?: Context) => {
  // The log lines carry the id the metrics line does, so an event's count can be found by its lines.
  const correlationId = context?.awsRequestId ?? 'queue';
  const log = ({ level, ...entry }: Record<string, unknown>) =>
    level === 'error'
      ? logger.error('fan-out failed', { ...entry, correlationId })
      : logger.info('fan-out', { ...entry, correlationId });
  return runCountingMetrics(async () => {
    try {
      if (!('Records' in event)) {
        // The schedule's invocation: the parked records' later tries, stopping in time for the function's timeout.
        const swept = await sweepParkedRecords(log, undefined, () => (context?.getRemainingTimeInMillis() ?? 60_000) > 10_000);
        if (swept.done + swept.givenUp > 0) logger.info('parked records swept', { ...swept, correlationId });
        return undefined;
      }
      const messages = recordsOfMessages(event);
      // The figures are the figures consumer's (functions/projects/bus-rule.ts): a queue of its own.
      const answer = await fanOutNotifications(
        messages.map(({ record }) => record),
        log,
        { figures: false },
      );
      return failedMessages(
        messages,
        answer.batchItemFailures.map((failure) => failure.itemIdentifier),
      );
    } finally {
      publishMetrics(correlationId);
    }
  });
};
