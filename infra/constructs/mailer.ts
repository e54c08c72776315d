import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ConfigurationSet, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAILER_EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { MAILER_ENTRY } from '../local/build-functions';
import type { MailConfig } from '../stages';
import { streamConsumer } from './stream-consumer';

interface MailerProps {
  table: ITable;
  mail: MailConfig;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** The secret the unsubscribe links' key is derived from (docs/decisions/055): read, never written. */
  unsubscribeKeySecret: ISecret;
}

/**
 * The mailer: a function the table's stream invokes with new outbox items only (a filtered event
 * source mapping), retried a bounded number of times with bisection, its poison records parked in
 * an SQS dead-letter queue; it sends with SES v2 as the stage's identity, and nothing else.
 */
export class Mailer extends Construct {
  readonly function: NodejsFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: MailerProps) {
    super(scope, id);
    // The account's suppression list (bounces and complaints) applies to every mail sent with this set.
    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS });
    const { function: fn, deadLetterQueue, role } = streamConsumer(this, {
      table: props.table,
      entry: MAILER_ENTRY,
      description: 'Sends the mail of new outbox items (the table stream)',
      filter: OUTBOX_STREAM_FILTER,
      eventSource: MAILER_EVENT_SOURCE,
      environment: {
        TABLE_NAME: props.table.tableName,
        STAGE: props.stage,
        LOG_LEVEL: props.logLevel,
        MAIL_FROM: props.mail.from,
        MAIL_CONFIGURATION_SET: configurationSet.configurationSetName,
        MAIL_ALLOWED_RECIPIENTS: props.mail.allowedRecipients?.join(',') ?? '',
        MFA_ENCRYPTION_SECRET_ARN: props.unsubscribeKeySecret.secretArn,
      },
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = fn;
    this.deadLetterQueue = deadLetterQueue;
    // The claim and the 'sent' mark: UpdateItem on the table, nothing more.
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [props.table.tableArn] }));
    props.unsubscribeKeySecret.grantRead(role);
    const stack = Stack.of(this);
    role.addToPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: props.mail.sesIdentity }),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet.configurationSetName }),
        ],
      }),
    );
  }

  /** Mail links point at the stage's own site (known once the distribution exists). */
  setSiteUrl(siteUrl: string) {
    this.function.addEnvironment('SITE_URL', siteUrl);
  }
}
