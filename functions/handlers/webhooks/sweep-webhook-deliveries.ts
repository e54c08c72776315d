import type { Context } from 'aws-lambda';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { countTries } from '../../webhooks/metrics';
import { sweepDueDeliveries } from '../../webhooks/sweep';

/**
 * The webhook deliveries' later tries, every minute (infra/constructs/webhooks.ts; `npm start` runs it
 * as often, tests call it at chosen instants of the functions' clock): whatever is due by now.
 */
export const handler = async (_event: unknown, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      const swept = await sweepDueDeliveries();
      countTries(swept.tried);
      if (swept.due > 0) logger.info('webhook sweep', { due: swept.due, tried: swept.tried.length });
      return swept;
    } finally {
      publishMetrics(context?.awsRequestId ?? 'webhook-sweep');
    }
  });
