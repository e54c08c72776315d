import type { RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { BusConsumer } from '../../functions/events/bus';
import type { ChangeBus } from './change-bus';

/** A table grant held to leading keys, on the table or on named indexes. */
export interface TableAccess {
  actions: readonly string[];
  leadingKeys: readonly string[];
  indexes?: readonly string[];
}

interface ChangeConsumerProps {
  table: ITable;
  changes: ChangeBus;
  entry: string;
  description: string;
  consumer: BusConsumer;
  /** What it does on the table beyond the grants the bus consumers' one role already holds. */
  tableAccess?: readonly TableAccess[];
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * A function of the change bus (decision 112) that only consumes it: the figures and the automations.
 * Its rule, queue and dead-letter queue come from ChangeBus.consumer; its grants go onto the consumers' one role.
 */
export class ChangeConsumer extends Construct {
  readonly function: NodejsFunction;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ChangeConsumerProps) {
    super(scope, id);
    const consumer = props.changes.consumer(this, {
      entry: props.entry,
      description: props.description,
      consumer: props.consumer,
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = consumer.function;
    this.queue = consumer.queue;
    this.deadLetterQueue = consumer.deadLetterQueue;
    for (const access of props.tableAccess ?? []) {
      consumer.role.addToPolicy(
        new PolicyStatement({
          actions: [...access.actions],
          resources: access.indexes
            ? access.indexes.map((index) => `${props.table.tableArn}/index/${index}`)
            : [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
        }),
      );
    }
  }
}
