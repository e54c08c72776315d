import type { Construct } from 'constructs';
import { TRIAL_ALERTS_ENTRY } from '../local/build-functions';
import { DailyJob, type DailyJobProps } from './daily-job';

/**
 * The partitions the run touches (functions/billing/trial-ending-alerts.ts): the trial index, the
 * organization's items (billing state, users), its admins' notifications, and the outbox.
 */
export const TRIAL_ALERT_LEADING_KEYS = ['TRIAL_ENDS#*', 'ORG#*', 'USER#*', 'OUTBOX#*'];
export const TRIAL_ALERT_TABLE_ACTIONS = [
  'dynamodb:Query',
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];

type TrialAlertsProps = Pick<DailyJobProps, 'table' | 'stage' | 'logLevel' | 'logRetention' | 'removalPolicy'>;

/**
 * Once a day, the trials ending within three days are announced to their admins (in the app and by
 * mail through the outbox), without any Stripe event.
 */
export class TrialAlerts extends DailyJob {
  constructor(scope: Construct, id: string, props: TrialAlertsProps) {
    super(scope, id, {
      ...props,
      entry: TRIAL_ALERTS_ENTRY,
      description: 'Announces trials ending within 3 days to their admins (daily)',
      ruleDescription: 'Daily: announce trials ending within 3 days',
      // 07:00 UTC: morning in Europe, before the working day in the Americas.
      hour: 7,
      tableAccess: [{ actions: TRIAL_ALERT_TABLE_ACTIONS, leadingKeys: TRIAL_ALERT_LEADING_KEYS }],
    });
  }
}
