import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { runAutomations } from '../../automations/runs';
import { recordsOfMessages } from '../../events/bus';
import type { ChangeEventItem } from '../../events/change-event';
import { logger } from '../../observability/logger';
import { countMetric, publishMetrics, runCountingMetrics } from '../../observability/metrics';

/**
 * The automations: invoked by their queue on the change bus (functions/automations/bus-rule.ts) in
 * the cloud, and by the local cloud's stream poller with the same event shape. Each message is one
 * change event; one that fails (a lost race, its organization's minute of runs spent) is reported for
 * a later delivery, and its runs go on from where they got to (functions/automations/runs.ts).
 */
export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const correlationId = context?.awsRequestId ?? 'queue';
  return runCountingMetrics(async () => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    try {
      for (const { record, messageId } of recordsOfMessages(event)) {
        const image = record.dynamodb?.NewImage;
        if (!image) continue;
        const changeEvent = unmarshall(image as Record<string, AttributeValue>) as ChangeEventItem;
        try {
          const { runs } = await runAutomations(changeEvent);
          if (runs.length > 0) {
            countMetric('AutomationRuns', runs.length);
            logger.info('automations ran', { eventId: changeEvent.id, runs, correlationId });
          }
        } catch (error) {
          logger.error('automations failed', {
            eventId: changeEvent.id,
            error: String((error as Error)?.message ?? error),
            correlationId,
          });
          failures.push({ itemIdentifier: messageId });
        }
      }
      return { batchItemFailures: failures };
    } finally {
      publishMetrics(correlationId);
    }
  });
};
