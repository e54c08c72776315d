import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard as CwDashboard,
  GraphWidget,
  type IMetric,
  type IWidget,
  MathExpression,
  Metric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  BUSINESS_METRICS,
  COLD_START_METRIC,
  METRICS_SERVICE,
  metricsNamespace,
} from '../../functions/observability/metric-names';

/** Widget titles, named once: docs/runbook.md and the alarms point at them. */
export const WIDGETS = {
  requests: 'Requests',
  errors: 'API 4xx and 5xx',
  latency: 'API latency p95 and p90',
  routeDuration: 'p95 duration per route (Lambda)',
  lambdaErrors: 'Lambda errors and throttles per route',
  concurrency: 'Lambda concurrency (max per route)',
  coldStarts: 'Cold starts per function',
  tableCapacity: 'DynamoDB consumed capacity',
  tableThrottles: 'DynamoDB throttled requests',
  tableErrors: 'DynamoDB system errors',
  business: 'Business events',
  queues: 'Mail: stream backlog and dead letters',
  streams: 'Stream consumers: lag, errors and throttles',
} as const;

/** Which widget explains each alarm (infra/constructs/alarms.ts RUNBOOK names). */
export const ALARM_WIDGETS = {
  ApiServerErrorRate: WIDGETS.errors,
  ApiClientErrorSurge: WIDGETS.errors,
  ApiSlow: WIDGETS.latency,
  TableSystemErrors: WIDGETS.tableErrors,
  TableThrottled: WIDGETS.tableThrottles,
  DeadLetters: WIDGETS.queues,
  WorkGivenUp: WIDGETS.business,
  StreamBehind: WIDGETS.streams,
  StreamErrors: WIDGETS.streams,
  StreamThrottled: WIDGETS.streams,
  QueueBehind: WIDGETS.streams,
} as const;

interface DashboardProps {
  stage: string;
  httpApi: IHttpApi;
  /** Each route's function, labelled by its route ("GET /api/user"). */
  functions: { label: string; fn: IFunction }[];
  table: ITable;
}

const PERIOD = Duration.minutes(5);
const OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** One CloudWatch dashboard per stage: traffic, errors, latency, Lambda, DynamoDB and the business metrics. */
export class Dashboard extends Construct {
  readonly dashboard: CwDashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const api = props.httpApi;
    const namespace = metricsNamespace(props.stage);
    const perFunction = (make: (fn: IFunction) => Metric, label: string) =>
      props.functions.map(({ fn, label: route }) => make(fn).with({ label: `${route} ${label}`.trim() }));
    const graph = (title: string, left: IMetric[], right?: IMetric[]) =>
      new GraphWidget({ title, left, right, width: 12, height: 6, period: PERIOD });

    this.dashboard = new CwDashboard(this, 'Dashboard', {
      dashboardName: `Growthwise-${props.stage}`,
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Growthwise ${props.stage}\nAlarms and what to do: docs/runbook.md. Metrics of the handlers: namespace \`${namespace}\`.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph(WIDGETS.requests, [api.metricCount({ statistic: 'Sum', label: 'requests' })]),
      graph(WIDGETS.errors, [
        api.metricClientError({ statistic: 'Sum', label: '4xx' }),
        api.metricServerError({ statistic: 'Sum', label: '5xx' }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(WIDGETS.latency, [
        api.metricLatency({ statistic: 'p95', label: 'p95' }),
        api.metricLatency({ statistic: 'p90', label: 'p90' }),
      ]),
      graph(
        WIDGETS.routeDuration,
        perFunction((fn) => fn.metricDuration({ statistic: 'p95' }), ''),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        WIDGETS.lambdaErrors,
        perFunction((fn) => fn.metricErrors({ statistic: 'Sum' }), 'errors'),
        perFunction((fn) => fn.metricThrottles({ statistic: 'Sum' }), 'throttles'),
      ),
      graph(
        WIDGETS.concurrency,
        perFunction((fn) => fn.metric('ConcurrentExecutions', { statistic: 'Maximum' }), ''),
      ),
    );
    this.dashboard.addWidgets(
      graph(WIDGETS.coldStarts, [
        new MathExpression({
          expression: `SEARCH('{${namespace},function_name,service} MetricName="${COLD_START_METRIC}"', 'Sum', 300)`,
          label: '',
          period: PERIOD,
        }),
      ]),
      graph(
        WIDGETS.business,
        Object.keys(BUSINESS_METRICS).map(
          (name) =>
            new Metric({
              namespace,
              metricName: name,
              dimensionsMap: { service: METRICS_SERVICE },
              statistic: 'Sum',
              label: name,
            }),
        ),
      ),
    );
    this.dashboard.addWidgets(
      graph(WIDGETS.tableCapacity, [
        props.table.metricConsumedReadCapacityUnits({ statistic: 'Sum', label: 'read units' }),
        props.table.metricConsumedWriteCapacityUnits({ statistic: 'Sum', label: 'write units' }),
      ]),
      graph(WIDGETS.tableThrottles, [
        props.table.metricThrottledRequestsForOperations({ operations: OPERATIONS, label: 'throttled requests' }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(WIDGETS.tableErrors, [
        props.table.metricSystemErrorsForOperations({ operations: OPERATIONS, label: 'system errors' }),
      ]),
    );
  }

  /** The mailer: how far behind the table stream it runs (iterator age) and its dead letters. */
  watchMailer(mailer: IFunction, deadLetters: IQueue) {
    const widget: IWidget = new GraphWidget({
      title: WIDGETS.queues,
      left: [mailer.metric('IteratorAge', { statistic: 'Maximum', label: 'oldest stream record age (ms)' })],
      right: [deadLetters.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: 'dead letters' })],
      width: 12,
      height: 6,
      period: PERIOD,
    });
    this.dashboard.addWidgets(widget);
  }

  /** Every stream consumer: how far behind the stream it runs (left), its failed batches and throttles (right). */
  watchStreamConsumers(consumers: { label: string; fn: IFunction; queue?: IQueue }[]) {
    this.dashboard.addWidgets(
      new GraphWidget({
        title: WIDGETS.streams,
        // A stream consumer falls behind by its iterator's age; a change-bus consumer by its queue's oldest message.
        left: consumers.map(({ label, fn, queue }) =>
          queue
            ? queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', label: `${label}: oldest message (s)` })
            : fn.metric('IteratorAge', { statistic: 'Maximum', label: `${label}: iterator age (ms)` }),
        ),
        right: consumers.flatMap(({ label, fn }) => [
          fn.metricErrors({ statistic: 'Sum', label: `${label}: errors` }),
          fn.metricThrottles({ statistic: 'Sum', label: `${label}: throttles` }),
        ]),
        width: 12,
        height: 6,
        period: PERIOD,
      }),
    );
  }
}

/** The console address of a stage's dashboard (for the README and the stack output). */
export const dashboardUrl = (scope: Construct, stage: string) =>
  `https://console.aws.amazon.com/cloudwatch/home?region=${Stack.of(scope).region}#dashboards:name=Growthwise-${stage}`;
