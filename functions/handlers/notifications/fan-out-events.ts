import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { fanOutNotifications } from '../../notifications/fan-out';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';

/**
 * The notification fan-out: invoked by the table's stream (filtered to new notification events) in
 * the cloud, and by the local cloud's stream poller with the same event shape. Reports failed
 * records for a partial retry.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context) => {
  // The log lines carry the id the metrics line does, so an event's count can be found by its lines.
  const correlationId = context?.awsRequestId ?? 'stream';
  return runCountingMetrics(async () => {
    try {
      return await fanOutNotifications(event.Records, ({ level, ...entry }) =>
        level === 'error'
          ? logger.error('fan-out failed', { ...entry, correlationId })
          : logger.info('fan-out', { ...entry, correlationId }),
      );
    } finally {
      publishMetrics(correlationId);
    }
  });
};
