import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { EventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type BusConsumer, CHANGE_BUS, PIPE_FILTERS } from '../../functions/events/bus';
import { backgroundFunction } from './background-function';
import { deadLetterQueueIn } from './dead-letter-queue';

/** How the Pipe reads the stream: a batch like the mappings', a failing batch split and retried, then its records kept in the Pipe's dead-letter queue. */
export const PIPE_STREAM_READ = {
  batchSize: 10,
  maximumRetryAttempts: 3,
  onPartialBatchItemFailure: 'AUTOMATIC_BISECT',
} as const;

interface ChangeBusProps {
  table: ITable;
  removalPolicy: RemovalPolicy;
}

interface BusConsumerProps {
  entry: string;
  description: string;
  consumer: BusConsumer;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The change-event backbone (docs/decisions/112): an EventBridge Pipe reads the table's stream,
 * passes change events and project changes only (functions/events/bus.ts) and puts each on a bus of
 * the stage's own; every consumer has a rule there, an SQS queue and a dead-letter queue that keeps
 * the whole message for a redrive (docs/runbook.md). The stream's second reader is the Pipe, however
 * many consumers follow.
 */
export class ChangeBus extends Construct {
  readonly bus: EventBus;
  readonly pipe: CfnPipe;
  readonly pipeDeadLetters: Queue;
  /**
   * The consumers' one role, with the union of their grants: each role counts against the account's
   * 1,000, which bounds the previews it holds (docs/deploy.md); docs/decisions/112.
   */
  readonly consumerRole: Role;

  constructor(scope: Construct, id: string, props: ChangeBusProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: "The table's change events, from its stream through the Pipe" });
    this.pipeDeadLetters = deadLetterQueueIn(
      this,
      'PipeDeadLetters',
      props.removalPolicy,
      "This queue is the Pipe's dead-letter queue (it holds where the stream records are that failed every retry).",
    );
    const role = new Role(this, 'PipeRole', { assumedBy: new ServicePrincipal('pipes.amazonaws.com') });
    props.table.grantStreamRead(role);
    this.bus.grantPutEventsTo(role);
    this.pipeDeadLetters.grantSendMessages(role);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams takes no resource (CDK's grantStreamRead); every other action names the stream, the bus or the queue.",
    });
    this.consumerRole = new Role(this, 'ConsumerRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.pipe = new CfnPipe(this, 'Pipe', {
      description: 'Change events and project changes from the table stream to the change bus',
      roleArn: role.roleArn,
      source: props.table.tableStreamArn!,
      sourceParameters: {
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: PIPE_STREAM_READ.batchSize,
          maximumRetryAttempts: PIPE_STREAM_READ.maximumRetryAttempts,
          onPartialBatchItemFailure: PIPE_STREAM_READ.onPartialBatchItemFailure,
          deadLetterConfig: { arn: this.pipeDeadLetters.queueArn },
        },
        filterCriteria: { filters: PIPE_FILTERS.map((pattern) => ({ pattern: JSON.stringify(pattern) })) },
      },
      target: this.bus.eventBusArn,
      targetParameters: {
        eventBridgeEventBusParameters: { source: CHANGE_BUS.source, detailType: CHANGE_BUS.detailType },
      },
    });
  }

  /**
   * One consumer: its rule on the bus (the consumer's record patterns on the event's detail), its
   * queue, whose messages go to its dead-letter queue after `maxReceiveCount` receives, and its
   * function, which reports a batch's failed messages. Built into `scope`, so its resources keep the caller's ids.
   */
  consumer(scope: Construct, props: BusConsumerProps) {
    const { consumer } = props;
    const deadLetters = deadLetterQueueIn(
      scope,
      'DeadLetters',
      props.removalPolicy,
      "This queue is a change-bus consumer's dead-letter queue (it holds the messages that failed every receive, whole, for a redrive).",
    );
    const queue = new Queue(scope, 'Queue', {
      visibilityTimeout: Duration.seconds(consumer.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: consumer.maxReceiveCount },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    });
    const detail = consumer.patterns.length === 1 ? consumer.patterns[0]! : { $or: consumer.patterns };
    const rule = new Rule(scope, 'Rule', {
      eventBus: this.bus,
      description: props.description,
      eventPattern: {
        source: [CHANGE_BUS.source],
        detailType: [CHANGE_BUS.detailType],
        detail: detail as Record<string, unknown>,
      },
      targets: [new SqsQueue(queue)],
    });
    const { function: fn, role } = backgroundFunction(scope, {
      entry: props.entry,
      description: props.description,
      timeout: Duration.seconds(30),
      environment: props.environment,
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
      role: this.consumerRole,
    });
    // A mapping of a stable id (SqsEventSource's names the stack, which differs per stage), as SqsEventSource builds it.
    new EventSourceMapping(scope, 'QueueMapping', {
      target: fn,
      eventSourceArn: queue.queueArn,
      batchSize: consumer.batchSize,
      reportBatchItemFailures: true,
    });
    queue.grantConsumeMessages(fn);
    return { function: fn, role, queue, deadLetterQueue: deadLetters, rule };
  }
}
