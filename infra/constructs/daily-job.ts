import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { backgroundFunction } from './background-function';

/** Item actions on the table (or on its named indexes) in the partitions whose keys match `leadingKeys`. */
export interface TableAccess {
  actions: readonly string[];
  leadingKeys: readonly string[];
  /** Index names: the statement is on those indexes instead of the table. */
  indexes?: readonly string[];
}

export interface DailyJobProps {
  table: ITable;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  entry: string;
  description: string;
  ruleDescription: string;
  /** The UTC hour it runs at. */
  hour: number;
  tableAccess: readonly TableAccess[];
}

/**
 * A function an EventBridge rule invokes once a day (retried twice), with a role of its own that may
 * use only the table's item actions it names, only in the partitions it names: no Scan, no secret,
 * no SES (the mailer sends).
 */
export class DailyJob extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: DailyJobProps) {
    super(scope, id);
    const { function: fn, role } = backgroundFunction(this, {
      entry: props.entry,
      description: props.description,
      timeout: Duration.minutes(5),
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = fn;
    for (const access of props.tableAccess) {
      role.addToPolicy(
        new PolicyStatement({
          actions: [...access.actions],
          resources: access.indexes
            ? access.indexes.map((index) => `${props.table.tableArn}/index/${index}`)
            : [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
        }),
      );
    }
    this.rule = new Rule(this, 'Daily', {
      description: props.ruleDescription,
      schedule: Schedule.cron({ minute: '0', hour: String(props.hour) }),
      targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.hours(6) })],
    });
  }
}
