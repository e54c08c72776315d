import { describe, expect, it } from 'vitest';
import { AUTOMATIONS_TABLE_ACCESS } from '../../infra/constructs/automations';
import { FAN_OUT_TABLE_ACCESS, PARKED_RECORDS_INDEX_ACCESS } from '../../infra/constructs/notification-fan-out';
import { WEBHOOKS_TABLE_ACCESS } from '../../infra/constructs/webhooks';
import { ofType, synthStage } from './synth-stage';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

describe('the notification fan-out in the cloud', () => {
  const prod = synthStage('prod').stage;
  const [, fn] = ofType(prod, 'AWS::Lambda::Function').find(([, each]) =>
    String(each.Properties?.Description).includes('notification events'),
  )!;
  const [queueId] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith('NotificationFanOutDeadLetters'))!;

  it('alarms in prod when anything lands in its dead-letter queue', () => {
    const alarms = ofType(prod, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      JSON.stringify(alarm.Properties?.Dimensions ?? alarm.Properties).includes(queueId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
  });

  it("shares the change-bus consumers' role (with the figures, the automations and the webhooks with their sweeper), which may do on the table exactly what they need, besides reading its queues and logging", () => {
    const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    expect(
      ofType(prod, 'AWS::Lambda::Function')
        .filter(([, each]) => JSON.stringify(each.Properties?.Role).includes(roleId))
        .map(([, each]) => each.Properties?.Description),
    ).toEqual([
      expect.stringContaining('notification events'),
      expect.stringContaining('figures'),
      expect.stringContaining('automations'),
      expect.stringContaining('webhook deliveries of change events'),
      expect.stringContaining('webhook deliveries whose next try is due'),
    ]);
    const statements = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((statement) => statement.Effect === 'Allow');
    const tableWrites = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:') && !/Stream|Shard|Records/.test(action)),
    );
    expect(tableWrites.map((statement) => ({ action: statement.Action, condition: statement.Condition }))).toEqual([
      ...[...FAN_OUT_TABLE_ACCESS, PARKED_RECORDS_INDEX_ACCESS].map(({ action, leadingKeys }) => ({
        action,
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      })),
      ...[...AUTOMATIONS_TABLE_ACCESS, ...WEBHOOKS_TABLE_ACCESS].map(({ actions, leadingKeys }) => ({
        action: actions.length === 1 ? actions[0] : [...actions],
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } },
      })),
    ]);
    const others = statements
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => !action.startsWith('dynamodb:') && !action.startsWith('logs:') && !action.startsWith('sqs:'));
    expect(others).toEqual([]);
  });
});
