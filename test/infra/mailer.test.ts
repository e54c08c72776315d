import { describe, expect, it } from 'vitest';
import { MAILER_EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { stageConfig } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

describe('the mailer in the cloud', () => {
  const prod = synthStage('prod').stage;
  const preview = synthStage('pr-1').stage;

  it('gives the table a stream of new images', () => {
    const [, table] = ofType(prod, 'AWS::DynamoDB::Table')[0]!;
    expect(table.Properties?.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
  });

  it('maps the stream to the mailer filtered to new outbox items, bisecting, with bounded retries and a dead-letter queue', () => {
    const mappings = ofType(prod, 'AWS::Lambda::EventSourceMapping').filter(([id]) => id.startsWith('Mailer'));
    expect(mappings).toHaveLength(1);
    const [, mapping] = mappings[0]!;
    expect(mapping.Properties).toMatchObject({
      BatchSize: MAILER_EVENT_SOURCE.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: MAILER_EVENT_SOURCE.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(OUTBOX_STREAM_FILTER) }] },
    });
    const destination = JSON.stringify((mapping.Properties as { DestinationConfig: unknown }).DestinationConfig);
    const [queueId] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith('MailerDeadLetters'))!;
    expect(destination).toContain(queueId);
    const [functionId] = ofType(prod, 'AWS::Lambda::Function').find(([, fn]) =>
      String(fn.Properties?.Description).includes('outbox'),
    )!;
    expect(JSON.stringify(mapping.Properties?.FunctionName)).toContain(functionId);
  });

  it('alarms in prod when anything lands in the dead-letter queue', () => {
    const [queueId] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith('MailerDeadLetters'))!;
    const alarms = ofType(prod, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      JSON.stringify(alarm.Properties?.Dimensions ?? alarm.Properties).includes(queueId),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![1].Properties).toMatchObject({ MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1 });
  });

  it("may send only as the stage's SES identity (and its configuration set), with the suppression list on", () => {
    type Statement = { Action: string | string[]; Resource: unknown };
    const statements = ofType(prod, 'AWS::IAM::Policy').flatMap(
      ([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
    );
    const sending = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')));
    expect(sending).toHaveLength(1);
    expect(sending[0]!.Action).toBe('ses:SendEmail');
    const resources = [sending[0]!.Resource].flat().map((resource) => JSON.stringify(resource));
    expect(resources).toHaveLength(2);
    expect(resources[0]).toContain(`:identity/${stageConfig('prod').mail.sesIdentity}`);
    expect(resources[1]).toContain(':configuration-set/');
    const [, set] = ofType(prod, 'AWS::SES::ConfigurationSet')[0]!;
    expect(set.Properties).toMatchObject({ SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] } });
  });

  it('lets a preview mail only its allow-list, and prod anyone', () => {
    const envOf = (template: typeof prod) =>
      ofType(template, 'AWS::Lambda::Function').find(([, fn]) => String(fn.Properties?.Description).includes('outbox'))![1]
        .Properties?.Environment as {
        Variables: Record<string, unknown>;
      };
    expect(stageConfig('pr-1').mail.allowedRecipients?.length).toBeGreaterThan(0);
    expect(envOf(preview).Variables.MAIL_ALLOWED_RECIPIENTS).toBe(stageConfig('pr-1').mail.allowedRecipients!.join(','));
    expect(stageConfig('prod').mail.allowedRecipients).toBeNull();
    expect(envOf(prod).Variables.MAIL_ALLOWED_RECIPIENTS).toBe('');
    expect(envOf(prod).Variables.SITE_URL).toBeDefined();
  });

  it("keeps the stage's senders under the SES sending rate together: each runs one at a time with its share", () => {
    const senders = ofType(prod, 'AWS::Lambda::Function').filter(
      ([, fn]) =>
        (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.MAIL_SENDS_PER_SECOND !==
        undefined,
    );
    expect(senders.map(([, fn]) => fn.Properties?.Description).sort()).toEqual([
      'Sends the mail of new outbox items (the table stream)',
      'Tries again the mails whose sends failed or that the stream lost, then marks them failed (every 5 minutes)',
    ]);
    for (const [, fn] of senders) expect(fn.Properties?.ReservedConcurrentExecutions).toBe(1);
    const shares = senders.map(([, fn]) =>
      Number((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.MAIL_SENDS_PER_SECOND),
    );
    expect(shares.every((share) => share >= 1)).toBe(true);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(stageConfig('prod').mail.sendsPerSecond);
  });
});
