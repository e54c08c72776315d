import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { Alarms, RUNBOOK } from '../../infra/constructs/alarms';
import { ofType, synthStage } from './synth-stage';

const RUNBOOK_DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/runbook.md'), 'utf8');
const runbook = RUNBOOK_DOC.slice(RUNBOOK_DOC.indexOf('## Alarms runbook'));

function alarmsWith(recipients: { email: string | null; webhookUrl: string | null }, withQueue = false) {
  const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'AlarmsTest');
  const alarms = new Alarms(stack, 'Alarms', {
    httpApi: new HttpApi(stack, 'Api'),
    table: new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
    recipients,
  });
  if (withQueue) alarms.watchDeadLetterQueue('Mailer', new Queue(stack, 'MailerDlq'));
  return Template.fromStack(stack);
}

describe("alarms: prod's alarms reach someone, and each names its runbook line", () => {
  const prod = synthStage('prod').stage;
  const alarms = ofType(prod, 'AWS::CloudWatch::Alarm');

  it('watches the 5xx rate, a 4xx surge, latency, DynamoDB errors and throttling, the dead letters, undeliverable mail and each stream consumer, all sent to the topic', () => {
    const topicId = ofType(prod, 'AWS::SNS::Topic')[0]![0];
    const byId = Object.fromEntries(alarms.map(([id, alarm]) => [id.replace(/[0-9A-F]{8}$/, ''), alarm.Properties!]));
    expect(Object.keys(byId).sort()).toEqual([
      'AlarmsApiClientErrorSurge',
      'AlarmsApiServerErrorRate',
      'AlarmsApiSlow',
      'AlarmsAutomationsConsumerErrors',
      'AlarmsAutomationsConsumerThrottled',
      'AlarmsAutomationsDeadLetters',
      'AlarmsAutomationsQueueBehind',
      'AlarmsChangePipeDeadLetters',
      'AlarmsFiguresConsumerErrors',
      'AlarmsFiguresConsumerThrottled',
      'AlarmsFiguresDeadLetters',
      'AlarmsFiguresQueueBehind',
      'AlarmsMailerDeadLetters',
      'AlarmsMailerStreamBehind',
      'AlarmsMailerStreamErrors',
      'AlarmsMailerStreamThrottled',
      'AlarmsNotificationFanOutConsumerErrors',
      'AlarmsNotificationFanOutConsumerThrottled',
      'AlarmsNotificationFanOutDeadLetters',
      'AlarmsNotificationFanOutQueueBehind',
      'AlarmsTableSystemErrors',
      'AlarmsTableThrottled',
      'AlarmsWebhooksConsumerErrors',
      'AlarmsWebhooksConsumerThrottled',
      'AlarmsWebhooksDeadLetters',
      'AlarmsWebhooksQueueBehind',
      'AlarmsWorkGivenUp',
    ]);
    for (const alarm of Object.values(byId)) expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
    const rate = JSON.stringify(byId.AlarmsApiServerErrorRate!.Metrics);
    expect(rate).toContain('100 * errors / MAX([errors, requests])');
    expect(rate).toContain('"MetricName":"5xx"');
    expect(rate).toContain('"MetricName":"Count"');
    expect(JSON.stringify(byId.AlarmsApiClientErrorSurge)).toContain('"MetricName":"4xx"');
    expect(JSON.stringify(byId.AlarmsTableThrottled!.Metrics)).toContain('"MetricName":"ThrottledRequests"');
    // Issue 62, item 5: each stream consumer's lag, failures and throttles, on its own function.
    for (const consumer of ['Mailer']) {
      expect(byId[`Alarms${consumer}StreamBehind`]).toMatchObject({
        MetricName: 'IteratorAge',
        Statistic: 'Maximum',
        Threshold: 300_000,
      });
      expect(byId[`Alarms${consumer}StreamErrors`]).toMatchObject({
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        EvaluationPeriods: 3,
      });
      expect(byId[`Alarms${consumer}StreamThrottled`]).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda' });
    }
    // Issue 64: each change-bus consumer's queue age, failures and throttles.
    for (const consumer of ['NotificationFanOut', 'Figures', 'Automations', 'Webhooks']) {
      expect(byId[`Alarms${consumer}QueueBehind`]).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
        Namespace: 'AWS/SQS',
        Threshold: 300,
        EvaluationPeriods: 3,
      });
      expect(byId[`Alarms${consumer}ConsumerErrors`]).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda' });
      expect(byId[`Alarms${consumer}ConsumerThrottled`]).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda' });
    }
  });

  it('names a runbook line of docs/runbook.md in every alarm', () => {
    for (const [id, alarm] of alarms) {
      const name = /Runbook: docs\/runbook\.md, "Alarms runbook", ([a-z0-9-]+)\./.exec(
        String(alarm.Properties?.AlarmDescription),
      )?.[1];
      expect(name, id).toBeDefined();
      expect(runbook, `docs/runbook.md has no runbook line for ${name}`).toMatch(new RegExp(`^- \\*\\*${name}\\*\\*`, 'm'));
    }
    for (const name of Object.values(RUNBOOK)) expect(runbook).toMatch(new RegExp(`^- \\*\\*${name}\\*\\*`, 'm'));
  });

  it("subscribes the stage config's email and webhook, and refuses a webhook without TLS", () => {
    const template = alarmsWith({ email: 'ops@example.com', webhookUrl: 'https://hooks.example.com/growthwise' });
    const subscriptions = ofType(template, 'AWS::SNS::Subscription').map(([, s]) => s.Properties);
    expect(subscriptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com' }),
        expect.objectContaining({ Protocol: 'https', Endpoint: 'https://hooks.example.com/growthwise' }),
      ]),
    );
    expect(() => alarmsWith({ email: null, webhookUrl: 'http://hooks.example.com/x' })).toThrow(/https/);
  });

  it('alarms on the first message in a dead-letter queue', () => {
    const template = alarmsWith({ email: null, webhookUrl: null }, true);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      AlarmDescription: `Messages in the dead-letter queue Mailer: work that failed every retry. Runbook: docs/runbook.md, "Alarms runbook", ${RUNBOOK.DeadLetters}.`,
    });
  });
});
