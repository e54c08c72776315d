import { describe, expect, it } from 'vitest';
import { WEBHOOK_DELIVERY_ASKED_RECORDS, PIPE_FILTERS } from '../../functions/events/bus';
import { RETRY_WAITS_MS, ATTEMPT_TIME_LIMIT_MS, CLAIM_MS } from '../../functions/webhooks/deliveries';
import { WEBHOOK_SWEEP_EVERY_MINUTES } from '../../infra/constructs/webhooks';
import { ofType, synthStage } from './synth-stage';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };
const json = (value: unknown) => JSON.stringify(value);
const roleOf = (fn: { Properties?: Record<string, unknown> }) =>
  (fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

describe('outbound webhooks in the cloud (decision 114)', () => {
  const prod = synthStage('prod').stage;
  const functions = ofType(prod, 'AWS::Lambda::Function');
  const sweeper = functions.find(([, fn]) => String(fn.Properties?.Description).startsWith('Sends the webhook deliveries'));
  const consumer = functions.find(([id]) => id.startsWith('WebhooksFunction'));

  it('puts the deliveries an admin or an automation asks for on the change bus, beside the change events', () => {
    expect(PIPE_FILTERS).toContain(WEBHOOK_DELIVERY_ASKED_RECORDS);
    const [, pipe] = ofType(prod, 'AWS::Pipes::Pipe')[0]!;
    expect(json(pipe.Properties?.SourceParameters)).toContain(json(json(WEBHOOK_DELIVERY_ASKED_RECORDS)).slice(1, -1));
  });

  it('sweeps the due tries every minute, unretried, within a timeout that outlasts a try and its claim', () => {
    expect(sweeper).toBeDefined();
    const [sweeperId, fn] = sweeper!;
    const rules = ofType(prod, 'AWS::Events::Rule').filter(([, rule]) => json(rule.Properties?.Targets).includes(sweeperId));
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({
      ScheduleExpression: `rate(${WEBHOOK_SWEEP_EVERY_MINUTES} minute)`,
      State: 'ENABLED',
    });
    expect(json(rules[0]![1].Properties?.Targets)).toContain('"MaximumRetryAttempts":0');
    expect(Number(fn.Properties?.Timeout) * 1000).toBeGreaterThan(ATTEMPT_TIME_LIMIT_MS * 4);
    // The shortest wait is swept at most a minute late; a claim outlasts the try it is for.
    expect(WEBHOOK_SWEEP_EVERY_MINUTES * 60_000).toBeGreaterThanOrEqual(RETRY_WAITS_MS[0]);
    expect(CLAIM_MS).toBeGreaterThan(ATTEMPT_TIME_LIMIT_MS);
  });

  it("shares the bus consumers' role with the webhook consumer, whose one grant of its own is the due index's webhook partitions", () => {
    expect(consumer).toBeDefined();
    const roleId = roleOf(consumer![1]);
    expect(roleOf(sweeper![1])).toBe(roleId);
    expect(roleOf(functions.find(([id]) => id.startsWith('AutomationsFunction'))![1])).toBe(roleId);
    const statements = ofType(prod, 'AWS::IAM::Policy')
      .filter(([, policy]) => json(policy.Properties?.Roles).includes(roleId))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
    const due = statements.filter((statement) => json(statement.Condition ?? {}).includes('WEBHOOK_DUE#*'));
    expect(due).toHaveLength(1);
    expect(due[0]!.Action).toBe('dynamodb:Query');
    expect(json(due[0]!.Resource)).toContain('/index/weeklyDigest');
  });
});
