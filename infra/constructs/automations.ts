import type { RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AUTOMATIONS_CONSUMER } from '../../functions/automations/bus-rule';
import { AUTOMATIONS_ENTRY } from '../local/build-functions';
import type { ChangeBus } from './change-bus';

/**
 * What a run reads and writes (functions/automations/runs.ts), all in the organizations' partitions
 * (`ORG#o`, its automations' `ORG#o#AUTOMATIONS` and runs' `ORG#o#AUTOMATION#r`, the members' own
 * items `ORG#o#MEMBER#u`) but the change events its actions put (`EVENT#e`); the admins a notify
 * action names, from the role index.
 */
export const AUTOMATIONS_TABLE_ACCESS = [
  {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:BatchWriteItem',
    ],
    leadingKeys: ['ORG#*'],
  },
  { actions: ['dynamodb:PutItem'], leadingKeys: ['EVENT#*'] },
  { actions: ['dynamodb:Query'], leadingKeys: ['ORG#*'], indexes: ['usersByRole'] },
] as const;

interface AutomationsProps {
  table: ITable;
  changes: ChangeBus;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** The automations (issue 64): a consumer of the change bus that runs the rules each change event starts. */
export class Automations extends Construct {
  readonly function: NodejsFunction;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: AutomationsProps) {
    super(scope, id);
    const consumer = props.changes.consumer(this, {
      entry: AUTOMATIONS_ENTRY,
      description: 'Runs the automations each change event starts (the change bus)',
      consumer: AUTOMATIONS_CONSUMER,
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = consumer.function;
    this.queue = consumer.queue;
    this.deadLetterQueue = consumer.deadLetterQueue;
    for (const access of AUTOMATIONS_TABLE_ACCESS) {
      const indexes = 'indexes' in access ? access.indexes : undefined;
      consumer.role.addToPolicy(
        new PolicyStatement({
          actions: [...access.actions],
          resources: indexes ? indexes.map((index) => `${props.table.tableArn}/index/${index}`) : [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
        }),
      );
    }
  }
}
