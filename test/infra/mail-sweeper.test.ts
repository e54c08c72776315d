import { describe, expect, it } from 'vitest';
import { LATER_TRY_MINUTES, STUCK_AFTER_MINUTES } from '../../functions/mailer/later-tries';
import { CLAIM_MS } from '../../functions/mailer/outbox';
import { MAILER_EVENT_SOURCE } from '../../functions/mailer/stream-filter';
import { OUTBOX_SWEEPER_ACCESS, SWEEP_EVERY_MINUTES } from '../../infra/constructs/mailer';
import { type Resources, ofType, synthStage } from './synth-stage';

type Statement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
};

describe('the outbox sweeper: mail is never silently lost (issue 38, item 5)', () => {
  const prod = synthStage('prod').stage;
  const sweeper = ofType(prod, 'AWS::Lambda::Function').find(([, fn]) =>
    String(fn.Properties?.Description).startsWith('Tries again the mails'),
  );

  it('runs every 5 minutes, one run at a time, often enough for the shortest wait between tries', () => {
    expect(sweeper).toBeDefined();
    const [sweeperId, fn] = sweeper!;
    expect(fn.Properties?.ReservedConcurrentExecutions).toBe(1);
    expect(SWEEP_EVERY_MINUTES).toBeLessThanOrEqual(Math.min(...LATER_TRY_MINUTES));
    const rules = ofType(prod, 'AWS::Events::Rule').filter(([, rule]) =>
      JSON.stringify(rule.Properties?.Targets).includes(sweeperId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({
      ScheduleExpression: `rate(${SWEEP_EVERY_MINUTES} minutes)`,
      State: 'ENABLED',
    });
    expect((fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables).toHaveProperty('SITE_URL');
  });

  it("takes over a mail the stream lost only once everything the stream does with it is over: its tries' timeouts and a crashed try's claim", () => {
    const mailer = ofType(prod, 'AWS::Lambda::Function').find(([, fn]) =>
      String(fn.Properties?.Description).includes('outbox items'),
    )!;
    const timeoutSeconds = Number(mailer[1].Properties?.Timeout);
    expect(timeoutSeconds).toBeGreaterThan(0);
    const streamSeconds = (MAILER_EVENT_SOURCE.retryAttempts + 1) * timeoutSeconds + CLAIM_MS / 1000;
    // Lambda's backoff between a stream's retries is well under a minute each: 5 minutes to spare covers it.
    expect(STUCK_AFTER_MINUTES * 60).toBeGreaterThan(streamSeconds + 5 * 60);
  });

  it("shares the mailer's role, whose item rights beyond the mailer's UpdateItem reach only the due tries' index partitions and the outbox items, and which sends only as the stage's SES identity", () => {
    const [, fn] = sweeper!;
    const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const mailer = ofType(prod, 'AWS::Lambda::Function').find(([, other]) =>
      String(other.Properties?.Description).includes('outbox items'),
    )!;
    expect((mailer[1].Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]).toBe(roleId);
    const statements = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
    const itemActions = [
      'dynamodb:Query',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Scan',
    ];
    const items = statements.filter(
      (statement) => statement.Effect === 'Allow' && [statement.Action].flat().some((action) => itemActions.includes(action)),
    );
    const scoped = items.filter((statement) => statement.Condition);
    expect(
      scoped.map((statement) => ({
        actions: [statement.Action].flat().sort(),
        condition: statement.Condition,
        onIndex: JSON.stringify(statement.Resource).match(/\/index\/(\w+)/)?.[1],
      })),
    ).toEqual(
      OUTBOX_SWEEPER_ACCESS.map((access) => ({
        actions: [...access.actions].sort(),
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
        onIndex: 'index' in access ? access.index : undefined,
      })),
    );
    // Neither new items nor deletions: the sweeper's writes are the outbox items' own updates.
    expect(scoped.flatMap((statement) => [statement.Action].flat())).not.toContain('dynamodb:PutItem');
    expect(items.filter((statement) => !statement.Condition).map((statement) => statement.Action)).toEqual([
      'dynamodb:UpdateItem',
    ]);
    const mail = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')));
    expect(mail.map((statement) => statement.Action)).toEqual(['ses:SendEmail']);
    expect(JSON.stringify(mail[0]!.Resource)).toContain(':identity/growthwise.example');
  });

  it('alarms in prod on the first mail, or fan-out record, given up after its last try, and only prod has alarms', () => {
    const givenUp = (template: typeof prod) =>
      ofType(template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
        JSON.stringify(alarm.Properties?.Metrics ?? []).includes('MailsUndeliverable'),
      );
    const alarms = givenUp(prod);
    expect(alarms).toHaveLength(1);
    const { Metrics, ...properties } = alarms[0]![1].Properties as { Metrics: unknown[] } & Record<string, unknown>;
    expect(properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    const stats = Metrics.map((entry) => (entry as { MetricStat?: { Metric: Record<string, unknown> } }).MetricStat?.Metric);
    expect(stats.filter(Boolean)).toEqual(
      ['MailsUndeliverable', 'FanOutRecordsGivenUp'].map((MetricName) =>
        expect.objectContaining({
          MetricName,
          Namespace: 'Growthwise/prod',
          Dimensions: [{ Name: 'service', Value: 'growthwise' }],
        }),
      ),
    );
    expect(JSON.stringify(properties.AlarmDescription)).toContain('work-given-up');
    const preview = synthStage('pr-1').stage;
    expect(givenUp(preview)).toEqual([]);
    expect(
      Object.values((preview.toJSON() as { Resources: Resources }).Resources).some(
        (resource) =>
          resource.Type === 'AWS::Events::Rule' && String(resource.Properties?.ScheduleExpression).startsWith('rate('),
      ),
    ).toBe(true);
  });
});
