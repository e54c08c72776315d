import type { Context } from 'aws-lambda';
import { dueSoonEventsForRules } from '../../automations/due-soon';
import { sendWeeklyDigests } from '../../notifications/weekly-digest';
import { logger } from '../../observability/logger';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { remindDueProjects } from '../../projects/due-reminders';

/**
 * The daily schedule's function (infra/constructs/due-reminders.ts; locally the local cloud runs it,
 * infra/local/local-cloud.ts): reminds the members of projects due tomorrow or overdue since today,
 * writes the events of due-soon automations, then, on Mondays, mails the weekly digests (docs/decisions/061).
 */
export const handler = async (_event: unknown, context?: Context) =>
  runCountingMetrics(async () => {
    try {
      const run = await remindDueProjects();
      logger.info('due reminders', { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded });
      // The due-soon automations of 2 to 30 days ahead (issue 64): the organizations that have such rules, nobody else.
      const dueSoon = await dueSoonEventsForRules();
      if (dueSoon > 0) logger.info('due-soon events', { written: dueSoon });
      const digest = await sendWeeklyDigests();
      if (digest.week) logger.info('weekly digest', { ...digest });
      return { reminded: run.reminded.length, alreadyReminded: run.alreadyReminded, dueSoon, digest };
    } finally {
      publishMetrics(context?.awsRequestId ?? 'schedule');
    }
  });
