import path from 'node:path';
import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, type CfnFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OUTBOX_DUE_INDEX } from '../../functions/mailer/keys';
import { MAILER_EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { MAILER_ENTRY, OUTBOX_SWEEPER_ENTRY } from '../local/build-functions';
import type { MailConfig } from '../stages';
import { NODEJS_BUNDLING } from './nodejs-bundling';
import { streamConsumer } from './stream-consumer';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** The stage's senders of mail, each one run at a time: the mailer and its sweeper. */
export const MAIL_SENDERS = 2;

/** How often the sweeper looks for due later tries: the shortest wait between tries is 5 minutes. */
export const SWEEP_EVERY_MINUTES = 5;
/**
 * The sweeper's item rights (functions/mailer/later-tries.ts): the due tries' partitions of their
 * index, and the outbox items they name (read, claimed, marked and made due again).
 */
export const OUTBOX_SWEEPER_ACCESS = [
  { actions: ['dynamodb:Query'], leadingKeys: ['OUTBOX_DUE#*'], index: OUTBOX_DUE_INDEX },
  { actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys: ['OUTBOX#*'] },
] as const;

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
  /** The scheduled later tries of failed sends and of mail the stream lost (functions/mailer/later-tries.ts). */
  readonly sweeper: NodejsFunction;
  readonly sweepRule: Rule;

  constructor(scope: Construct, id: string, props: MailerProps) {
    super(scope, id);
    // The account's suppression list (bounces and complaints) applies to every mail sent with this set.
    const configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // The mailer and its sweeper send alike.
    const environment = {
      TABLE_NAME: props.table.tableName,
      STAGE: props.stage,
      LOG_LEVEL: props.logLevel,
      MAIL_FROM: props.mail.from,
      MAIL_CONFIGURATION_SET: configurationSet.configurationSetName,
      MAIL_ALLOWED_RECIPIENTS: props.mail.allowedRecipients?.join(',') ?? '',
      // The key the unsubscribe links of list mails are signed with (docs/decisions/055): the sweeper's retries sign them too.
      MFA_ENCRYPTION_SECRET_ARN: props.unsubscribeKeySecret.secretArn,
      // Each of the stage's two senders (the mailer and its sweeper, one run at a time each) gets half
      // the SES sending rate, so together they never pass it (functions/mailer/paced-send.ts).
      MAIL_SENDS_PER_SECOND: String(Math.max(1, Math.floor(props.mail.sendsPerSecond / MAIL_SENDERS))),
    };
    const {
      function: fn,
      deadLetterQueue,
      role,
    } = streamConsumer(this, {
      table: props.table,
      entry: MAILER_ENTRY,
      description: 'Sends the mail of new outbox items (the table stream)',
      filters: [OUTBOX_STREAM_FILTER],
      eventSource: MAILER_EVENT_SOURCE,
      environment,
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.function = fn;
    // One run at a time, so its share of the sending rate holds for the stage (a stream's shards would each run one).
    (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = 1;
    this.deadLetterQueue = deadLetterQueue;
    // The claim, the 'sent' mark and a failed send's count: UpdateItem (later tries: the sweeper's statement below).
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [props.table.tableArn] }));
    props.unsubscribeKeySecret.grantRead(role);
    const stack = Stack.of(this);
    const sendAsStage = new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: props.mail.sesIdentity }),
        stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet.configurationSetName }),
      ],
    });
    role.addToPolicy(sendAsStage);

    const sweeperLogs = new LogGroup(this, 'SweeperLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    // The mailer's role: one role for the stage's mail, since roles are the account quota previews meet first (test/infra/quotas.test.ts).
    const sweeperRole = role;
    sweeperLogs.grantWrite(sweeperRole);
    this.sweeper = new NodejsFunction(this, 'Sweeper', {
      description: 'Tries again the mails whose sends failed or that the stream lost, then marks them failed (every 5 minutes)',
      entry: OUTBOX_SWEEPER_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.minutes(2),
      role: sweeperRole,
      logGroup: sweeperLogs,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      bundling: NODEJS_BUNDLING,
      // One run at a time: two overlapping runs would only race for the same claims.
      reservedConcurrentExecutions: 1,
      environment,
    });
    for (const access of OUTBOX_SWEEPER_ACCESS) {
      sweeperRole.addToPolicy(
        new PolicyStatement({
          actions: [...access.actions],
          resources: ['index' in access ? `${props.table.tableArn}/index/${access.index}` : props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
        }),
      );
    }
    this.sweepRule = new Rule(this, 'Sweep', {
      description: `Every ${SWEEP_EVERY_MINUTES} minutes: try again the mails whose later try is due`,
      schedule: Schedule.rate(Duration.minutes(SWEEP_EVERY_MINUTES)),
      targets: [new LambdaFunction(this.sweeper, { retryAttempts: 0 })],
    });
    Validations.of(this.sweeper).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 on purpose, as every handler (infra/constructs/api.ts): bundled for node20 so the local cloud runs the same bundle.',
    });
  }

  /** Mail links point at the stage's own site (known once the distribution exists). */
  setSiteUrl(siteUrl: string) {
    this.function.addEnvironment('SITE_URL', siteUrl);
    this.sweeper.addEnvironment('SITE_URL', siteUrl);
  }
}
