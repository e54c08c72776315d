import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../observability/logger';
import { countMetric, publishMetrics, runCountingMetrics } from '../observability/metrics';
import { deliverOutbox } from './deliver-outbox';
import { transportFromEnvironment } from './transport';

const send = transportFromEnvironment();
const siteUrl = process.env.SITE_URL;
if (!siteUrl) throw new Error("SITE_URL is not set: mail links are built from the stage's own site URL");

/**
 * The mailer: invoked by the table's stream (filtered to new outbox items) in the cloud, and by the
 * local cloud's stream poller with the same event shape. Reports failed records for a partial retry.
 */
export const handler = async (event: DynamoDBStreamEvent, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      return await deliverOutbox(event.Records, {
        send,
        siteUrl,
        allowList: process.env.MAIL_ALLOWED_RECIPIENTS,
        log: ({ level, ...entry }) => (level === 'error' ? logger.error('mail failed', entry) : logger.info('mail', entry)),
        count: (outcome) => countMetric(outcome),
      });
    } finally {
      publishMetrics(context?.awsRequestId ?? 'stream');
    }
  });
