import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { backgroundFunction } from './background-function';
import { deadLetterQueueIn } from './dead-letter-queue';

interface StreamConsumerProps {
  table: ITable;
  /** The handler's source (infra/local/build-functions.ts names it for the local cloud too). */
  entry: string;
  description: string;
  /** The filter patterns the event source mapping applies, a record passing any (the local stream poller applies the same). */
  filters: readonly object[];
  eventSource: { batchSize: number; retryAttempts: number; bisectBatchOnError: boolean };
  environment: Record<string, string>;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * A function the table's stream invokes with the records a filter passes, retried a bounded number
 * of times with bisection, its poison records parked in an SQS dead-letter queue, with a role of its
 * own that may only read the stream and write its logs: the caller adds the table actions it needs.
 * Built into the caller's own scope, so the caller's resources keep their ids.
 */
export function streamConsumer(scope: Construct, props: StreamConsumerProps) {
  const deadLetterQueue = deadLetterQueueIn(
    scope,
    'DeadLetters',
    props.removalPolicy,
    "This queue is the dead-letter queue of a stream consumer's event source (it holds the stream records that failed every retry).",
  );
  const { function: fn, role } = backgroundFunction(scope, {
    entry: props.entry,
    description: props.description,
    timeout: Duration.seconds(30),
    environment: props.environment,
    logRetention: props.logRetention,
    removalPolicy: props.removalPolicy,
  });
  fn.addEventSource(
    new DynamoEventSource(props.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: props.eventSource.batchSize,
      retryAttempts: props.eventSource.retryAttempts,
      bisectBatchOnError: props.eventSource.bisectBatchOnError,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetterQueue),
      filters: props.filters.map((pattern) => FilterCriteria.filter(pattern as Record<string, unknown>)),
    }),
  );
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      "dynamodb:ListStreams takes no resource (CDK's DynamoEventSource grant); every other action is scoped to the table, its stream, the queue or a named resource.",
  });
  return { function: fn, deadLetterQueue, role };
}
