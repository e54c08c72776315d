import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** A dead-letter queue: two weeks' messages, encrypted, TLS only; cdk-nag's "has no dead-letter queue of its own" acknowledged with `reason`. */
export function deadLetterQueueIn(scope: Construct, id: string, removalPolicy: RemovalPolicy, reason: string): Queue {
  const queue = new Queue(scope, id, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    removalPolicy,
  });
  Validations.of(queue).acknowledge({ id: 'AwsSolutions-SQS3', reason });
  return queue;
}
