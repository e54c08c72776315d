import { Duration, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlarmsProps {
  httpApi: IHttpApi;
  table: ITable;
  /** Subscribed by email when given; otherwise subscribe to the topic in the console. */
  email: string | null;
}

/** The few alarms worth waking someone for, sent to one SNS topic: server errors, slow answers, DynamoDB errors. */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Growthwise alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry no customer data; CloudWatch cannot publish to a topic encrypted with the AWS managed key, and a customer managed key would cost more than the alarms.',
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);
    const fiveMinutes = Duration.minutes(5);
    const alarms = [
      new Alarm(this, 'ApiServerErrors', {
        alarmDescription: 'The API answered 5xx (a function failed or timed out) at least 5 times in 5 minutes.',
        metric: props.httpApi.metricServerError({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 5,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(this, 'ApiSlow', {
        alarmDescription: 'p90 API latency above 2 s for 15 minutes.',
        metric: props.httpApi.metricLatency({ period: fiveMinutes, statistic: 'p90' }),
        threshold: 2000,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      new Alarm(this, 'TableSystemErrors', {
        alarmDescription: 'DynamoDB returned server errors.',
        // The operations the data layer uses (an alarm's math expression takes at most 10 metrics).
        metric: props.table.metricSystemErrorsForOperations({
          period: fiveMinutes,
          operations: [
            Operation.GET_ITEM,
            Operation.BATCH_GET_ITEM,
            Operation.QUERY,
            Operation.PUT_ITEM,
            Operation.UPDATE_ITEM,
            Operation.DELETE_ITEM,
            Operation.BATCH_WRITE_ITEM,
            Operation.TRANSACT_WRITE_ITEMS,
            Operation.TRANSACT_GET_ITEMS,
          ],
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    ];
    for (const alarm of alarms) alarm.addAlarmAction(action);
  }
}
