import type { Construct } from 'constructs';
import { DUE_REMINDERS_ENTRY } from '../local/build-functions';
import { DailyJob, type DailyJobProps } from './daily-job';

/**
 * What the run does (functions/projects/due-reminders.ts): Query the projectsDueOn index's day
 * partitions, and put a mark per project and day with the reminder's event (the fan-out notifies
 * and mails the members). On Mondays the weekly digest (functions/notifications/weekly-digest.ts):
 * Query last week's partitions of the weeklyDigest index, read the people it names (BatchGetItem),
 * their organizations' open projects by due date and their memberships (Query), and put each
 * person's mark with their mail. Nothing else.
 */
export const DUE_REMINDER_TABLE_ACCESS = [
  { actions: ['dynamodb:Query'], leadingKeys: ['DUE#*'], indexes: ['projectsDueOn'] },
  { actions: ['dynamodb:PutItem'], leadingKeys: ['REMINDER#*', 'EVENT#*'] },
  { actions: ['dynamodb:Query'], leadingKeys: ['DIGEST#*'], indexes: ['weeklyDigest'] },
  { actions: ['dynamodb:Query'], leadingKeys: ['ORG#*'], indexes: ['openProjectsByDueDate'] },
  { actions: ['dynamodb:BatchGetItem', 'dynamodb:Query'], leadingKeys: ['ORG#*'] },
  { actions: ['dynamodb:PutItem'], leadingKeys: ['USER#*', 'OUTBOX#*'] },
  // The due-soon automations (functions/automations/due-soon.ts): their registry, then each organization's open projects due on a day.
  { actions: ['dynamodb:Query'], leadingKeys: ['DUE_SOON_RULES#'] },
] as const;

type DueRemindersProps = Pick<DailyJobProps, 'table' | 'stage' | 'logLevel' | 'logRetention' | 'removalPolicy'>;

/**
 * Once a day, the members of projects due tomorrow or overdue since today are reminded, in the app
 * and by mail; on Mondays each person with activity in their projects also gets the weekly digest
 * (one function and role for both: each role counts against the account's quota, which bounds the previews).
 */
export class DueReminders extends DailyJob {
  constructor(scope: Construct, id: string, props: DueRemindersProps) {
    super(scope, id, {
      ...props,
      entry: DUE_REMINDERS_ENTRY,
      description:
        'Reminds project members of due dates: due tomorrow, overdue since today (daily); the weekly digest on Mondays',
      ruleDescription: 'Daily: remind members of projects due tomorrow or overdue; Mondays also the weekly digest',
      // 06:00 UTC: in the inbox before the working day starts in Europe.
      hour: 6,
      tableAccess: DUE_REMINDER_TABLE_ACCESS,
    });
  }
}
