import path from 'node:path';
import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, FilterCriteria, Runtime, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ConfigurationSet, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAILER_EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { HANDLER_BUNDLING, HANDLER_ESBUILD_ARGS } from '../bundling';
import { MAILER_ENTRY } from '../local/build-functions';
import type { MailConfig } from '../stages';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

interface MailerProps {
  table: ITable;
  mail: MailConfig;
  stage: string;
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
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
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the mailer\'s event source (it holds the stream records that failed every retry).',
    });
    // The account's suppression list (bounces and complaints) applies to every mail sent with this set.
    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS });

    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.function = new NodejsFunction(this, 'Function', {
      description: 'Sends the mail of new outbox items (the table stream)',
      entry: MAILER_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(30),
      role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: HANDLER_BUNDLING.target,
        minify: false,
        sourceMap: HANDLER_BUNDLING.sourcemap,
        sourcesContent: HANDLER_BUNDLING.sourcesContent,
        mainFields: [...HANDLER_BUNDLING.mainFields],
        banner: HANDLER_BUNDLING.banner,
        externalModules: [...HANDLER_BUNDLING.external],
        esbuildArgs: HANDLER_ESBUILD_ARGS,
      },
      environment: {
        TABLE_NAME: props.table.tableName,
        STAGE: props.stage,
        LOG_LEVEL: props.logLevel,
        MAIL_FROM: props.mail.from,
        MAIL_CONFIGURATION_SET: configurationSet.configurationSetName,
        MAIL_ALLOWED_RECIPIENTS: props.mail.allowedRecipients?.join(',') ?? '',
      },
    });
    // The claim and the 'sent' mark: UpdateItem on the table, nothing more.
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [props.table.tableArn] }));
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
    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: MAILER_EVENT_SOURCE.batchSize,
        retryAttempts: MAILER_EVENT_SOURCE.retryAttempts,
        bisectBatchOnError: MAILER_EVENT_SOURCE.bisectBatchOnError,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [FilterCriteria.filter(OUTBOX_STREAM_FILTER as unknown as Record<string, unknown>)],
      }),
    );
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 on purpose, as every handler (infra/constructs/api.ts): bundled for node20 so the local cloud runs the same bundle.',
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'dynamodb:ListStreams takes no resource (CDK\'s DynamoEventSource grant); every other action is scoped to the table, its stream, the queue or the SES identity.',
    });
  }

  /** Mail links point at the stage's own site (known once the distribution exists). */
  setSiteUrl(siteUrl: string) {
    this.function.addEnvironment('SITE_URL', siteUrl);
  }
}
