import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { recordsOfMessages } from '../../events/bus';
import type { ChangeEventItem } from '../../events/change-event';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import type { TryOutcome } from '../../webhooks/attempt';
import { deliverAsked, deliverChangeEvent } from '../../webhooks/event-deliveries';
import type { WebhookDeliveryItem } from '../../webhooks/item';
import { countTries } from '../../webhooks/metrics';

/**
 * The webhook consumer: invoked by its queue on the change bus (functions/webhooks/bus-rule.ts) in
 * the cloud, and by the local cloud's stream poller with the same event shape. A message is a change
 * event (its deliveries written and first tried) or a delivery an admin or an automation asked for
 * (tried at once). The messages of a batch go side by side, each try within its 10 s, so one slow
 * endpoint holds a batch for 10 s at most. A failed try is not a failed message: its retry is
 * written as the delivery's next due time, for the sweeper. Only a failure to read or write (the
 * table) reports the message, to be received again.
 */
export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const correlationId = context?.awsRequestId ?? 'queue';
  return runCountingMetrics(async () => {
    try {
      const failures = await Promise.all(
        recordsOfMessages(event).map(async ({ record, messageId }) => {
          const image = record.dynamodb?.NewImage;
          if (!image) return undefined;
          const item = unmarshall(image as Record<string, AttributeValue>) as ChangeEventItem | WebhookDeliveryItem;
          try {
            const tries: TryOutcome[] =
              item.type === 'WEBHOOK_DELIVERY'
                ? [await deliverAsked(item)].filter((outcome): outcome is TryOutcome => outcome !== undefined)
                : await deliverChangeEvent(item);
            countTries(tries);
            if (tries.length > 0) logger.info('webhooks tried', { id: item.id, tries, correlationId });
            return undefined;
          } catch (error) {
            logger.error('webhooks failed', { id: item.id, error: String((error as Error)?.message ?? error), correlationId });
            return { itemIdentifier: messageId };
          }
        }),
      );
      return { batchItemFailures: failures.filter((failure): failure is { itemIdentifier: string } => failure !== undefined) };
    } finally {
      publishMetrics(correlationId);
    }
  });
};
