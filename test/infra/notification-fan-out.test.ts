import { describe, expect, it } from 'vitest';
import { FAN_OUT_EVENT_SOURCE, FAN_OUT_STREAM_FILTERS } from '../../functions/notifications/stream-filter';
import { FAN_OUT_TABLE_ACCESS, PARKED_RECORDS_INDEX_ACCESS } from '../../infra/constructs/notification-fan-out';
import { ofType, synthStage } from './synth-stage';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

describe('the notification fan-out in the cloud', () => {
  const prod = synthStage('prod').stage;
  const [functionId, fn] = ofType(prod, 'AWS::Lambda::Function').find(([, each]) =>
    String(each.Properties?.Description).includes('notification events'),
  )!;
  const [queueId] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith('NotificationFanOutDeadLetters'))!;

  it('maps the stream to the fan-out filtered to new notification events and project changes, bisecting, with bounded retries and a dead-letter queue', () => {
    const mappings = ofType(prod, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) =>
      JSON.stringify(mapping.Properties?.FunctionName).includes(functionId),
    );
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: FAN_OUT_EVENT_SOURCE.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: FAN_OUT_EVENT_SOURCE.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      FilterCriteria: { Filters: FAN_OUT_STREAM_FILTERS.map((pattern) => ({ Pattern: JSON.stringify(pattern) })) },
    });
    expect(JSON.stringify((mapping.Properties as { DestinationConfig: unknown }).DestinationConfig)).toContain(queueId);
  });

  it('alarms in prod when anything lands in its dead-letter queue', () => {
    const alarms = ofType(prod, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      JSON.stringify(alarm.Properties?.Dimensions ?? alarm.Properties).includes(queueId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
  });

  it('has a role of its own that may write only notifications (USER#), counters and memberships (ORG#) and read member sets (ORG#), besides reading the stream and logging', () => {
    const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    expect(
      ofType(prod, 'AWS::Lambda::Function').filter(([, each]) => JSON.stringify(each.Properties?.Role).includes(roleId)),
    ).toHaveLength(1);
    const statements = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((statement) => statement.Effect === 'Allow');
    const tableWrites = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:') && !/Stream|Shard|Records/.test(action)),
    );
    expect(tableWrites.map((statement) => ({ action: statement.Action, condition: statement.Condition }))).toEqual(
      [...FAN_OUT_TABLE_ACCESS, PARKED_RECORDS_INDEX_ACCESS].map(({ action, leadingKeys }) => ({
        action,
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      })),
    );
    const others = statements
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => !action.startsWith('dynamodb:') && !action.startsWith('logs:') && !action.startsWith('sqs:'));
    expect(others).toEqual([]);
  });
});
