import { Annotations, CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { AUTOMATIONS_CONSUMER } from '../functions/automations/bus-rule';
import { FIGURES_CONSUMER } from '../functions/projects/bus-rule';
import { routes } from '../functions/routes';
import { WEBHOOKS_CONSUMER } from '../functions/webhooks/bus-rule';
import { missingAlarmRecipients } from './alarm-recipients';
import { denyAuditLogChanges } from './audit-log-protection';
import { Alarms } from './constructs/alarms';
import { Api } from './constructs/api';
import { ApiWebAcl } from './constructs/api-web-acl';
import { AssistantModel } from './constructs/assistant';
import { AUTOMATIONS_TABLE_ACCESS } from './constructs/automations';
import { Backups, type CopyDestination } from './constructs/backups';
import { ChangeBus } from './constructs/change-bus';
import { ChangeConsumer } from './constructs/change-consumer';
import { Dashboard, dashboardUrl } from './constructs/dashboard';
import { Data } from './constructs/data';
import { DueReminders } from './constructs/due-reminders';
import { Edge } from './constructs/edge';
import { Mailer } from './constructs/mailer';
import { NotificationFanOut } from './constructs/notification-fan-out';
import { Secrets } from './constructs/secrets';
import { TrialAlerts } from './constructs/trial-alerts';
import { Web } from './constructs/web';
import { WEBHOOKS_TABLE_ACCESS, WebhookSweeper } from './constructs/webhooks';
import { AUTOMATIONS_ENTRY, FIGURES_ENTRY, WEBHOOKS_ENTRY } from './local/build-functions';
import { giveEveryFunctionALogGroup } from './owned-log-groups';
import { type StageConfig, stagesWithWebAcl } from './stages';

interface GrowthwiseStackProps extends StackProps {
  stage: string;
  config: StageConfig;
  /** The built SPA (web/dist), or undefined to deploy a placeholder page. */
  webRoot: string | undefined;
  /** Where the stage's backups are copied (its copy stacks, infra/app.ts); empty without `backup`. */
  backupCopies: CopyDestination[];
}

/** One whole, independent environment of the product: data, API and web hosting of one stage. */
export class GrowthwiseStack extends Stack {
  /** Prod's alarms (undefined elsewhere): a construct with a dead-letter queue hands it to `watchDeadLetterQueue`. */
  readonly alarms: Alarms | undefined;
  /** The stage's CloudWatch dashboard (every stage has one; the mailer adds its queues with watchQueue). */
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: GrowthwiseStackProps) {
    super(scope, id, props);
    const { stage, config } = props;
    const { rules } = config;
    // Dashboards are left untagged: cfn-lint's pinned schema (.ci/run) does not know their Tags yet.
    const tagged = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] };
    Tags.of(this).add('project', 'growthwise', tagged);
    Tags.of(this).add('stage', stage, tagged);

    const data = new Data(this, 'Data', {
      removalPolicy: rules.removalPolicy,
      deletionProtection: rules.deletionProtection,
      pointInTimeRecovery: rules.pointInTimeRecovery,
      restoredTable: config.restoredTable,
      stackName: this.stackName,
    });
    if (config.backup)
      new Backups(this, 'Backups', { stage, config: config.backup, table: data.table, destinations: props.backupCopies });
    const secrets = new Secrets(this, 'Secrets', {
      removalPolicy: rules.removalPolicy,
      originVerifyVersionId: config.originVerifyVersionId,
      replicaRegion: config.backup?.copyRegion ?? null,
    });
    const assistant = config.assistant
      ? new AssistantModel(this, 'Assistant', { stage, modelId: config.assistant.modelId })
      : null;
    const api = new Api(this, 'Api', {
      routes,
      assistant,
      table: data.table,
      secrets: {
        session: secrets.sessionSecret,
        stripeSecretKey: secrets.stripeSecretKey,
        stripeWebhookSecret: secrets.stripeWebhookSecret,
        mfaEncryption: secrets.mfaEncryptionSecret,
      },
      originVerifySecret: secrets.originVerifySecret,
      originVerifyValue: secrets.originVerifyValue,
      stage,
      throttle: config.throttle,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    });
    const edge = Edge.lookup(this);
    const web = new Web(this, 'Web', {
      webRoot: props.webRoot,
      runtimeConfig: config.web,
      apiDomainName: api.domainName,
      originVerifyValue: secrets.originVerifyValue,
      // Prod's web ACL (a rate-based rule per client address on /api/*), from the edge stack in us-east-1.
      webAclArn: config.waf === null ? undefined : ApiWebAcl.arnFor(this, stage),
      spaFunction: edge.spaFunction,
      responseHeadersPolicy: edge.responseHeadersPolicy,
      apiCachePolicy: edge.apiCachePolicy,
      removalPolicy: rules.removalPolicy,
      autoDeleteObjects: rules.autoDeleteObjects,
      logRetention: rules.logRetention,
    });
    // The functions learn the site's origin from the distribution, which depends only on the API
    // resource itself (not on the functions): no cycle (docs/decisions/007).
    api.allowOrigin(web.siteUrl);
    this.alarms = rules.alarms
      ? new Alarms(this, 'Alarms', { httpApi: api.httpApi, table: data.table, recipients: config.alarmRecipients })
      : undefined;
    const unreceived = missingAlarmRecipients(stage, config);
    if (unreceived) Annotations.of(this).addWarningV2('growthwise:alarm-recipients', unreceived);
    const mailer = new Mailer(this, 'Mailer', {
      table: data.table,
      mail: config.mail,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
      unsubscribeKeySecret: secrets.mfaEncryptionSecret,
    });
    mailer.setSiteUrl(web.siteUrl);
    this.alarms?.watchDeadLetterQueue('Mailer', mailer.deadLetterQueue);
    this.alarms?.watchStreamConsumer('Mailer', mailer.function);
    this.alarms?.watchGivenUpWork(stage);
    const changes = new ChangeBus(this, 'ChangeBus', { table: data.table, removalPolicy: rules.removalPolicy });
    this.alarms?.watchDeadLetterQueue('ChangePipe', changes.pipeDeadLetters);
    const fanOut = new NotificationFanOut(this, 'NotificationFanOut', {
      table: data.table,
      changes,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    });
    // The mailer's 5-minute schedule also sweeps the fan-out's parked records (functions/events/parked-records.ts),
    // with a permission of a stable id (LambdaFunction's names the stack, which differs per stage).
    fanOut.function.addPermission('InvokedBySweepSchedule', {
      principal: new ServicePrincipal('events.amazonaws.com'),
      sourceArn: mailer.sweepRule.ruleArn,
    });
    mailer.sweepRule.addTarget({
      bind: () => ({ arn: fanOut.function.functionArn, retryPolicy: { maximumRetryAttempts: 0 } }),
    });
    this.alarms?.watchBusConsumer('NotificationFanOut', fanOut);
    // The figures and the automations only consume the change bus (decision 112); the figures' grants are the fan-out's.
    const consumerProps = {
      table: data.table,
      changes,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    };
    const figures = new ChangeConsumer(this, 'Figures', {
      ...consumerProps,
      entry: FIGURES_ENTRY,
      description: "Adds change events' and status moves' figures to their organizations' counters (the change bus)",
      consumer: FIGURES_CONSUMER,
    });
    this.alarms?.watchBusConsumer('Figures', figures);
    const automations = new ChangeConsumer(this, 'Automations', {
      ...consumerProps,
      entry: AUTOMATIONS_ENTRY,
      description: 'Runs the automations each change event starts (the change bus)',
      consumer: AUTOMATIONS_CONSUMER,
      tableAccess: AUTOMATIONS_TABLE_ACCESS,
    });
    this.alarms?.watchBusConsumer('Automations', automations);
    // Outbound webhooks (issue 65, decision 114): a consumer of the bus's change events and asked-for deliveries, and the minute's sweep of the later tries.
    const webhooks = new ChangeConsumer(this, 'Webhooks', {
      ...consumerProps,
      entry: WEBHOOKS_ENTRY,
      description: 'Writes and first tries the webhook deliveries of change events, and the ones asked for (the change bus)',
      consumer: WEBHOOKS_CONSUMER,
      tableAccess: WEBHOOKS_TABLE_ACCESS,
    });
    this.alarms?.watchBusConsumer('Webhooks', webhooks);
    new WebhookSweeper(this, 'WebhookSweeper', {
      table: data.table,
      changes,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    });
    new TrialAlerts(this, 'TrialAlerts', {
      table: data.table,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    });
    new DueReminders(this, 'DueReminders', {
      table: data.table,
      stage,
      logLevel: config.logLevel,
      logRetention: rules.logRetention,
      removalPolicy: rules.removalPolicy,
    });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      stage,
      httpApi: api.httpApi,
      functions: api.routeFunctions,
      table: data.table,
    });
    this.dashboard.watchMailer(mailer.function, mailer.deadLetterQueue);
    this.dashboard.watchStreamConsumers([
      { label: 'mailer', fn: mailer.function },
      { label: 'notification fan-out', fn: fanOut.function, queue: fanOut.queue },
      { label: 'figures', fn: figures.function, queue: figures.queue },
      { label: 'automations', fn: automations.function, queue: automations.queue },
      { label: 'webhooks', fn: webhooks.function, queue: webhooks.queue },
    ]);

    giveEveryFunctionALogGroup(this, { retention: rules.logRetention, removalPolicy: rules.removalPolicy });
    denyAuditLogChanges(this, data.table);

    new CfnOutput(this, 'SiteUrl', { value: web.siteUrl, description: "The stage's web app (and /api)" });
    new CfnOutput(this, 'ApiId', { value: api.httpApi.apiId, description: 'HTTP API id (API Gateway console, access logs)' });
    new CfnOutput(this, 'DashboardUrl', { value: dashboardUrl(this, stage), description: "The stage's CloudWatch dashboard" });
    new CfnOutput(this, 'TableName', { value: data.table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'StripeWebhookSecretArn', {
      value: secrets.stripeWebhookSecret.secretArn,
      description: "Put the Stripe webhook endpoint's signing secret (whsec_…) here (README)",
    });
    new CfnOutput(this, 'StripeSecretKeyArn', {
      value: secrets.stripeSecretKey.secretArn,
      description: 'Put the Stripe secret key (sk_… or rk_…) here (README)',
    });
  }
}

/** The account-wide pieces every stage shares (deployed once per account and region, by the main workflow). */
export class SharedStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    Tags.of(this).add('project', 'growthwise');
    new Edge(this, 'Edge');
  }
}

/**
 * The account-wide pieces that must live in us-east-1 (deployed there by the main workflow, with prod's
 * bootstrap): the web ACL of each named stage that has one (infra/stages.ts `waf`).
 */
export class EdgeStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    Tags.of(this).add('project', 'growthwise');
    // The preview boundary denies anything tagged so (infra/delivery-stack.ts).
    Tags.of(this).add('stage', 'shared');
    for (const { stage, limits } of stagesWithWebAcl()) new ApiWebAcl(this, `ApiWebAcl-${stage}`, { stage, limits });
  }
}
