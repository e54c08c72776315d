import type { Context } from 'aws-lambda';
import { sendWeeklyDigests } from '../../notifications/weekly-digest';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { remindDueProjects } from '../../projects/due-reminders';

/**
 * The daily schedule's function (infra/constructs/due-reminders.ts; locally the local cloud runs it,
 * infra/local/local-cloud.ts): reminds the members of projects due tomorrow or overdue since today,
 * then, on Mondays, mails the weekly digests (docs/decisions/061).
 */
export const handler = async (_event: unknown, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      const run = await remindDueProjects();
      logger.info('due reminders', { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded });
      const digest = await sendWeeklyDigests();
      if (digest.week) logger.info('weekly digest', { ...digest });
      return { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded, digest };
    } finally {
      publishMetrics(context?.awsRequestId ?? 'schedule');
    }
  });
