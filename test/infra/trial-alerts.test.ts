import { describe, expect, it } from 'vitest';
import { TRIAL_ALERT_LEADING_KEYS, TRIAL_ALERT_TABLE_ACTIONS } from '../../infra/constructs/trial-alerts';
import { ofType, synthStage } from './synth-stage';

type Statement = {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: Record<string, Record<string, unknown>>;
};

describe.each(['prod', 'pr-1'])('stage %s: the daily trial-ending alert', (name) => {
  const { stage } = synthStage(name);
  const [functionId, fn] = ofType(stage, 'AWS::Lambda::Function').find(([, candidate]) =>
    String(candidate.Properties?.Description).startsWith('Announces trials ending'),
  )!;
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statements = ofType(stage, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
    // What is granted; the audit log's Deny on every role is audit-log-protection.test.ts's.
    .filter((statement) => statement.Effect === 'Allow');

  it('runs once a day on a schedule whose only target is the function, retried twice', () => {
    const rules = ofType(stage, 'AWS::Events::Rule').filter(([, rule]) =>
      JSON.stringify(rule.Properties?.Targets).includes(functionId),
    );
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'cron(0 7 * * ? *)', State: 'ENABLED' });
    const targets = rule.Properties!.Targets as { Arn: unknown; RetryPolicy?: { MaximumRetryAttempts: number } }[];
    expect(targets).toHaveLength(1);
    expect(targets[0]!.RetryPolicy?.MaximumRetryAttempts).toBe(2);
    // EventBridge may invoke it, nobody else.
    const permissions = ofType(stage, 'AWS::Lambda::Permission').filter(([, permission]) =>
      JSON.stringify(permission.Properties?.FunctionName).includes(functionId),
    );
    expect(permissions.map(([, permission]) => permission.Properties?.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('has a role of its own: item actions on the table only, in the partitions the run touches, no secret, no wildcard', () => {
    const sharing = ofType(stage, 'AWS::Lambda::Function').filter(
      ([id, other]) => id !== functionId && JSON.stringify(other.Properties?.Role).includes(`"${roleId}"`),
    );
    expect(sharing).toEqual([]);
    const tableStatements = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:')),
    );
    expect(tableStatements).toHaveLength(1);
    const [table] = tableStatements;
    expect([table!.Action].flat().sort()).toEqual([...TRIAL_ALERT_TABLE_ACTIONS].sort());
    expect(JSON.stringify(table!.Resource)).toMatch(/DataTable/);
    expect(JSON.stringify(table!.Resource)).not.toContain('/index/');
    expect(table!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': TRIAL_ALERT_LEADING_KEYS } });
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    expect(
      actions.some((action) => action.startsWith('secretsmanager:') || action.startsWith('ses:') || action === 'dynamodb:Scan'),
    ).toBe(false);
  });

  it('knows only its table, stage and log level', () => {
    const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(variables).sort()).toEqual(['LOG_LEVEL', 'STAGE', 'TABLE_NAME']);
  });
});
