import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { WEBHOOK_DUE_PREFIX } from '../../functions/webhooks/keys';
import { WEBHOOK_SWEEPER_ENTRY } from '../local/build-functions';
import { backgroundFunction } from './background-function';
import type { ChangeBus } from './change-bus';
import type { TableAccess } from './change-consumer';

/**
 * What the webhooks read and write beyond the bus consumers' one role's grants (the organizations'
 * partitions, the outbox, the role index: infra/constructs/automations.ts, notification-fan-out.ts):
 * the due tries' hour partitions of the due index, which the sweeper reads. infra/stack.ts gives them
 * to the webhooks' ChangeConsumer; the sweeper shares that role.
 */
export const WEBHOOKS_TABLE_ACCESS = [
  { actions: ['dynamodb:Query'], leadingKeys: [`${WEBHOOK_DUE_PREFIX}*`], indexes: ['weeklyDigest'] },
] as const satisfies readonly TableAccess[];

/** How often the sweeper sends the deliveries due: a minute, EventBridge's shortest schedule. */
export const WEBHOOK_SWEEP_EVERY_MINUTES = 1;

interface WebhookSweeperProps {
  table: ITable;
  changes: ChangeBus;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The webhook deliveries' later tries (functions/webhooks/sweep.ts): a function a schedule invokes
 * every minute, not retried (the next minute's run is the retry). It does what the webhook consumer
 * does with the same items, so it shares the bus consumers' role: a role less against the account's
 * quota, which bounds the previews it holds (docs/deploy.md).
 */
export class WebhookSweeper extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: WebhookSweeperProps) {
    super(scope, id);
    const { function: fn } = backgroundFunction(this, {
      entry: WEBHOOK_SWEEPER_ENTRY,
      description: 'Sends the webhook deliveries whose next try is due (every minute)',
      // A sweep starts its last try at 40 s; each ends within 10 s.
      timeout: Duration.seconds(60),
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      role: props.changes.consumerRole,
    });
    this.function = fn;
    this.rule = new Rule(this, 'Sweep', {
      description: 'Every minute: send the webhook deliveries due',
      schedule: Schedule.rate(Duration.minutes(WEBHOOK_SWEEP_EVERY_MINUTES)),
    });
    // A permission of a stable id (LambdaFunction's names the stack, which differs per stage), as the fan-out's sweep.
    fn.addPermission('InvokedBySweepSchedule', {
      principal: new ServicePrincipal('events.amazonaws.com'),
      sourceArn: this.rule.ruleArn,
    });
    this.rule.addTarget({ bind: () => ({ arn: fn.functionArn, retryPolicy: { maximumRetryAttempts: 0 } }) });
  }
}
