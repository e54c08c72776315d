import type { Context } from 'aws-lambda';
import { logger } from '../observability/logger';
import { publishMetrics, runCountingMetrics } from '../observability/metrics';
import { remindDueProjects } from './due-reminders';

/**
 * The daily schedule's function (infra/constructs/due-reminders.ts; locally the local cloud runs it,
 * infra/local/local-cloud.ts): reminds the members of projects due tomorrow or overdue since today.
 */
export const handler = async (_event: unknown, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      const run = await remindDueProjects();
      logger.info('due reminders', { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded });
      return { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded };
    } finally {
      publishMetrics(context?.awsRequestId ?? 'schedule');
    }
  });
