import type { RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FIGURES_CONSUMER } from '../../functions/projects/bus-rule';
import { FIGURES_ENTRY } from '../local/build-functions';
import type { ChangeBus } from './change-bus';

interface FiguresProps {
  table: ITable;
  changes: ChangeBus;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The organization's figures (functions/projects/figures-from-events.ts): a consumer of the change bus
 * with a queue of its own, so a failing count neither holds up nor is held up by the notifications. What
 * it reads and writes (the events' marks, `EVENT#e`; the figures item, `ORG#o`) is within the grants of
 * the bus consumers' one role that the fan-out's construct adds (infra/constructs/notification-fan-out.ts).
 */
export class Figures extends Construct {
  readonly function: NodejsFunction;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: FiguresProps) {
    super(scope, id);
    const consumer = props.changes.consumer(this, {
      entry: FIGURES_ENTRY,
      description: "Adds change events' and status moves' figures to their organizations' counters (the change bus)",
      consumer: FIGURES_CONSUMER,
      environment: { TABLE_NAME: props.table.tableName, STAGE: props.stage, LOG_LEVEL: props.logLevel },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = consumer.function;
    this.queue = consumer.queue;
    this.deadLetterQueue = consumer.deadLetterQueue;
  }
}
