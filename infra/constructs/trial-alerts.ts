import path from 'node:path';
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TRIAL_ALERTS_ENTRY } from '../local/build-functions';
import { NODEJS_BUNDLING } from './nodejs-bundling';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The partitions the run touches (functions/billing/trial-ending-alerts.ts): the trial index, the
 * organization's items (billing state, users), its admins' notifications, and the outbox.
 */
export const TRIAL_ALERT_LEADING_KEYS = ['TRIAL_ENDS#*', 'ORG#*', 'USER#*', 'OUTBOX#*'];
export const TRIAL_ALERT_TABLE_ACTIONS = ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

interface TrialAlertsProps {
  table: ITable;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * Once a day, the trials ending within three days are announced to their admins (in the app and by
 * mail through the outbox), without any Stripe event. The function may use only the table's item
 * actions it needs, only in the partitions it needs.
 */
export class TrialAlerts extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: TrialAlertsProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.function = new NodejsFunction(this, 'Function', {
      description: 'Announces trials ending within 3 days to their admins (daily)',
      entry: TRIAL_ALERTS_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.minutes(5),
      role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      bundling: NODEJS_BUNDLING,
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: TRIAL_ALERT_TABLE_ACTIONS,
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': TRIAL_ALERT_LEADING_KEYS } },
      }),
    );
    // 07:00 UTC: morning in Europe, before the working day in the Americas.
    this.rule = new Rule(this, 'Daily', {
      description: 'Daily: announce trials ending within 3 days',
      schedule: Schedule.cron({ minute: '0', hour: '7' }),
      targets: [new LambdaFunction(this.function, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 on purpose, as every handler (infra/constructs/api.ts): bundled for node20 so the local cloud runs the same bundle.',
    });
  }
}
