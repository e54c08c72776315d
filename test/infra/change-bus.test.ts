import { describe, expect, it } from 'vitest';
import { AUTOMATIONS_CONSUMER } from '../../functions/automations/bus-rule';
import { CHANGE_BUS, PIPE_FILTERS } from '../../functions/events/bus';
import { FAN_OUT_CONSUMER } from '../../functions/notifications/bus-rule';
import { FIGURES_CONSUMER } from '../../functions/projects/bus-rule';
import { WEBHOOKS_CONSUMER } from '../../functions/webhooks/bus-rule';
import { PIPE_STREAM_READ } from '../../infra/constructs/change-bus';
import { ofType, synthStage } from './synth-stage';

const json = (value: unknown) => JSON.stringify(value);

describe('the change-event backbone in the cloud', () => {
  const prod = synthStage('prod').stage;
  const [busId] = ofType(prod, 'AWS::Events::EventBus')[0]!;

  it("reads the table's stream once, through a Pipe that passes change events and project changes to the stage's bus", () => {
    const pipes = ofType(prod, 'AWS::Pipes::Pipe');
    expect(pipes).toHaveLength(1);
    const [, pipe] = pipes[0]!;
    expect(json(pipe.Properties?.Source)).toContain('StreamArn');
    expect(json(pipe.Properties?.Target)).toContain(busId);
    expect(pipe.Properties).toMatchObject({
      SourceParameters: {
        DynamoDBStreamParameters: {
          StartingPosition: 'TRIM_HORIZON',
          BatchSize: PIPE_STREAM_READ.batchSize,
          MaximumRetryAttempts: PIPE_STREAM_READ.maximumRetryAttempts,
        },
        FilterCriteria: { Filters: PIPE_FILTERS.map((pattern) => ({ Pattern: json(pattern) })) },
      },
      TargetParameters: { EventBridgeEventBusParameters: { Source: CHANGE_BUS.source, DetailType: CHANGE_BUS.detailType } },
    });
    expect(json((pipe.Properties?.SourceParameters as { DynamoDBStreamParameters: unknown }).DynamoDBStreamParameters)).toContain(
      'PipeDeadLetters',
    );
  });

  it('leaves the stream two readers: the mailer and the Pipe (DynamoDB allows two a shard)', () => {
    const streamMappings = ofType(prod, 'AWS::Lambda::EventSourceMapping').filter(([, mapping]) =>
      json(mapping.Properties?.EventSourceArn).includes('StreamArn'),
    );
    expect(streamMappings).toHaveLength(1);
    expect(json(streamMappings[0]![1].Properties?.FunctionName)).toContain('Mailer');
  });

  for (const [name, consumer] of [
    ['NotificationFanOut', FAN_OUT_CONSUMER],
    ['Figures', FIGURES_CONSUMER],
    ['Automations', AUTOMATIONS_CONSUMER],
    ['Webhooks', WEBHOOKS_CONSUMER],
  ] as const) {
    it(`gives the ${name} consumer its own rule on the bus, a queue and a dead-letter queue that keeps the message, and alarms`, () => {
      const [queueId, queue] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith(`${name}Queue`))!;
      const [deadLettersId] = ofType(prod, 'AWS::SQS::Queue').find(([id]) => id.startsWith(`${name}DeadLetters`))!;
      expect(queue.Properties).toMatchObject({
        VisibilityTimeout: consumer.visibilityTimeoutSeconds,
        RedrivePolicy: { maxReceiveCount: consumer.maxReceiveCount },
      });
      expect(json(queue.Properties?.RedrivePolicy)).toContain(deadLettersId);
      const [, rule] = ofType(prod, 'AWS::Events::Rule').find(([id]) => id.startsWith(`${name}Rule`))!;
      expect(json(rule.Properties?.EventBusName)).toContain(busId);
      const detail = consumer.patterns.length === 1 ? consumer.patterns[0] : { $or: consumer.patterns };
      expect(rule.Properties?.EventPattern).toEqual({
        source: [CHANGE_BUS.source],
        'detail-type': [CHANGE_BUS.detailType],
        detail,
      });
      expect(json(rule.Properties?.Targets)).toContain(queueId);
      const mapping = ofType(prod, 'AWS::Lambda::EventSourceMapping').find(([, each]) =>
        json(each.Properties?.EventSourceArn).includes(queueId),
      )!;
      expect(mapping[1].Properties).toMatchObject({
        BatchSize: consumer.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const alarmed = ofType(prod, 'AWS::CloudWatch::Alarm').map(([id]) => id);
      expect(alarmed.some((id) => id.startsWith(`Alarms${name}QueueBehind`))).toBe(true);
      expect(alarmed.some((id) => id.startsWith(`Alarms${name}DeadLetters`))).toBe(true);
    });
  }

  it("alarms when the Pipe's dead-letter queue holds anything", () => {
    const alarmed = ofType(prod, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    expect(alarmed.some((id) => id.startsWith('AlarmsChangePipeDeadLetters'))).toBe(true);
  });
});
