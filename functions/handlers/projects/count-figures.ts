import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { newItems } from '../../db/stream-batch';
import { recordsOfMessages } from '../../events/bus';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { countEventFigures } from '../../projects/figures-from-events';
import { figureMovesOf } from '../../projects/status-moves';

/**
 * The organization's figures: invoked by their queue on the change bus (functions/projects/bus-rule.ts)
 * in the cloud, and by the local cloud's stream poller with the same event shape. A batch's moves are
 * added at once; when that fails every message is received again (each event's mark counts it once),
 * and past its queue's receive count kept whole in its dead-letter queue for a redrive.
 */
export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const correlationId = context?.awsRequestId ?? 'queue';
  return runCountingMetrics(async () => {
    const messages = recordsOfMessages(event);
    try {
      const counted = await countEventFigures(figureMovesOf(newItems(messages.map(({ record }) => record))));
      if (counted > 0) logger.info('figures', { messages: messages.length, counted, correlationId });
      return { batchItemFailures: [] };
    } catch (error) {
      logger.error('figures failed', {
        messages: messages.length,
        error: String((error as Error)?.message ?? error),
        correlationId,
      });
      return { batchItemFailures: messages.map(({ messageId }) => ({ itemIdentifier: messageId })) };
    } finally {
      publishMetrics(correlationId);
    }
  });
};
