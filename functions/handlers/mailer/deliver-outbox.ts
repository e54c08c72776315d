import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverOutbox } from '../../mailer/deliver-outbox';
import { mailerSettingsFromEnvironment } from '../../mailer/settings-from-environment';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { deferredMailResolvers } from './deferred-mail';

const settings = mailerSettingsFromEnvironment(deferredMailResolvers);

/**
 * The mailer: invoked by the table's stream (filtered to new outbox items) in the cloud, and by the
 * local cloud's stream poller with the same event shape. Reports failed records for a partial retry.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      return await deliverOutbox(event.Records, settings);
    } finally {
      publishMetrics(context?.awsRequestId ?? 'stream');
    }
  });
