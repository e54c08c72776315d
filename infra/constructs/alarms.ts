import { Duration, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, type IMetric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRICS_SERVICE, metricsNamespace } from '../../functions/observability/metric-names';
import type { AlarmRecipients } from '../stages';

interface AlarmsProps {
  httpApi: IHttpApi;
  table: ITable;
  recipients: AlarmRecipients;
}

/**
 * Every alarm's runbook entry: docs/runbook.md's "Alarms runbook" has one line starting with each name
 * (test/infra/alarms.test.ts holds the two together).
 */
export const RUNBOOK = {
  ApiServerErrorRate: 'api-5xx',
  ApiClientErrorSurge: 'api-4xx-surge',
  ApiSlow: 'api-slow',
  TableSystemErrors: 'table-errors',
  TableThrottled: 'table-throttled',
  DeadLetters: 'dead-letters',
  WorkGivenUp: 'work-given-up',
  StreamBehind: 'stream-behind',
  StreamErrors: 'stream-errors',
  StreamThrottled: 'stream-throttled',
  QueueBehind: 'queue-behind',
} as const;

/** The operations the data layer uses (an alarm's math expression takes at most 10 metrics). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

const FIVE_MINUTES = Duration.minutes(5);

/** The few alarms worth waking someone for, sent to one SNS topic that the stage config subscribes someone to. */
export class Alarms extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Growthwise alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no customer data; CloudWatch cannot publish to a topic encrypted with the AWS managed key, and a customer managed key would cost more than the alarms.',
    });
    const { email, webhookUrl } = props.recipients;
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    if (webhookUrl) {
      if (!webhookUrl.startsWith('https://')) throw new Error(`The alarm webhook must be an https URL, not ${webhookUrl}`);
      this.topic.addSubscription(new UrlSubscription(webhookUrl));
    }
    this.action = new SnsAction(this.topic);

    const api = props.httpApi;
    this.alarm('ApiServerErrorRate', {
      description:
        'More than 2 % of API requests answered 5xx (a function failed or timed out) for 10 minutes, with at least 5 of them.',
      // The rate, not a count: a count either sleeps through a small outage or wakes someone at every busy hour.
      metric: new MathExpression({
        expression: 'IF(errors >= 5, 100 * errors / MAX([errors, requests]), 0)',
        usingMetrics: { errors: api.metricServerError({ statistic: 'Sum' }), requests: api.metricCount({ statistic: 'Sum' }) },
        period: FIVE_MINUTES,
        label: '5xx % of requests',
      }),
      threshold: 2,
      evaluationPeriods: 2,
    });
    this.alarm('ApiClientErrorSurge', {
      description:
        'At least 300 API answers in 4xx within 5 minutes: a wave of 403s (requests bypassing CloudFront, cross-site posts) or 401s (credential stuffing), or a broken web build.',
      metric: api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 300,
      evaluationPeriods: 1,
    });
    this.alarm('ApiSlow', {
      description: 'p90 API latency above 2 s for 15 minutes.',
      metric: api.metricLatency({ period: FIVE_MINUTES, statistic: 'p90' }),
      threshold: 2000,
      evaluationPeriods: 3,
    });
    this.alarm('TableSystemErrors', {
      description: 'DynamoDB returned server errors.',
      metric: props.table.metricSystemErrorsForOperations({ period: FIVE_MINUTES, operations: TABLE_OPERATIONS }),
      threshold: 1,
      evaluationPeriods: 1,
    });
    this.alarm('TableThrottled', {
      description:
        "DynamoDB throttled requests (on-demand tables throttle past twice their previous peak, or at the account's table limits).",
      metric: props.table.metricThrottledRequestsForOperations({ period: FIVE_MINUTES, operations: TABLE_OPERATIONS }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  /** An alarm on a dead-letter queue: a message that landed there was given up on (e.g. an email never sent). */
  watchDeadLetterQueue(id: string, queue: IQueue) {
    this.alarm('DeadLetters', {
      id: `${id}DeadLetters`,
      description: `Messages in the dead-letter queue ${id}: work that failed every retry.`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  /**
   * A stream consumer's alarms (issue 62, item 5): falling behind the table's stream, failing batches
   * again and again, or being throttled. Each is work (mail, notifications, figures) that waits.
   */
  watchStreamConsumer(id: string, fn: IFunction) {
    this.alarm('StreamBehind', {
      id: `${id}StreamBehind`,
      description: `The stream consumer ${id} has been more than 5 minutes behind the table's stream for 15 minutes.`,
      metric: fn.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
      threshold: 5 * 60_000,
      evaluationPeriods: 3,
    });
    this.alarm('StreamErrors', {
      id: `${id}StreamErrors`,
      description: `The stream consumer ${id} failed batches in 3 consecutive 5-minute periods (each is retried, then its records parked in the dead-letter queue).`,
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 3,
    });
    this.alarm('StreamThrottled', {
      id: `${id}StreamThrottled`,
      description: `Lambda throttled the stream consumer ${id} (the account's concurrency is used up): its stream waits.`,
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  /**
   * A change-bus consumer's alarms (issue 64): anything in its dead-letter queue, its queue's oldest message waiting too long, its
   * function failing again and again, or throttled. Each is work (notifications, figures, automation runs) that waits.
   */
  watchBusConsumer(
    id: string,
    { function: fn, queue, deadLetterQueue }: { function: IFunction; queue: IQueue; deadLetterQueue: IQueue },
  ) {
    this.watchDeadLetterQueue(id, deadLetterQueue);
    this.alarm('QueueBehind', {
      id: `${id}QueueBehind`,
      description: `The change-bus consumer ${id} has had a message waiting over 5 minutes for 15 minutes.`,
      metric: queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      threshold: 5 * 60,
      evaluationPeriods: 3,
    });
    this.alarm('StreamErrors', {
      id: `${id}ConsumerErrors`,
      description: `The change-bus consumer ${id} failed batches in 3 consecutive 5-minute periods (each message is received again, then kept in its dead-letter queue).`,
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 3,
    });
    this.alarm('StreamThrottled', {
      id: `${id}ConsumerThrottled`,
      description: `Lambda throttled the change-bus consumer ${id} (the account's concurrency is used up): its queue waits.`,
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  /**
   * An alarm on work given up after its last try: a mail (functions/mailer/later-tries.ts: someone did
   * not get a mail) or a stream record of the fan-out (functions/events/parked-records.ts: notifications,
   * memberships or figures not written). One alarm for both: the stack is at CloudFormation's 500 resources.
   */
  watchGivenUpWork(stage: string) {
    const given = (metricName: string) =>
      new Metric({
        namespace: metricsNamespace(stage),
        metricName,
        dimensionsMap: { service: METRICS_SERVICE },
        period: FIVE_MINUTES,
        statistic: 'Sum',
      });
    this.alarm('WorkGivenUp', {
      description:
        "A mail failed every try and was marked 'failed' on its outbox item, or a stream record failed the fan-out's every try and was left 'failed' on its parked item.",
      metric: new MathExpression({
        expression: 'FILL(mails, 0) + FILL(records, 0)',
        usingMetrics: { mails: given('MailsUndeliverable'), records: given('FanOutRecordsGivenUp') },
        period: FIVE_MINUTES,
        label: 'work given up',
      }),
      threshold: 1,
      evaluationPeriods: 1,
    });
  }

  private alarm(
    name: keyof typeof RUNBOOK,
    options: { id?: string; description: string; metric: IMetric; threshold: number; evaluationPeriods: number },
  ) {
    const alarm = new Alarm(this, options.id ?? name, {
      alarmDescription: `${options.description} Runbook: docs/runbook.md, "Alarms runbook", ${RUNBOOK[name]}.`,
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    return alarm;
  }
}
