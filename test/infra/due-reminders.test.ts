import { describe, expect, it } from 'vitest';
import { DUE_REMINDER_TABLE_ACCESS } from '../../infra/constructs/due-reminders';
import { ofType, synthStage } from './synth-stage';

type Statement = {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: Record<string, Record<string, unknown>>;
};

describe.each(['prod', 'pr-1'])('stage %s: the daily due-date reminders', (name) => {
  const { stage } = synthStage(name);
  const [functionId, fn] = ofType(stage, 'AWS::Lambda::Function').find(([, candidate]) =>
    String(candidate.Properties?.Description).startsWith('Reminds project members'),
  )!;
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const statements = ofType(stage, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((statement) => statement.Effect === 'Allow');

  it('runs once a day at 06:00 UTC on a schedule whose only target is the function, retried twice', () => {
    const rules = ofType(stage, 'AWS::Events::Rule').filter(([, rule]) =>
      JSON.stringify(rule.Properties?.Targets).includes(functionId),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties).toMatchObject({ ScheduleExpression: 'cron(0 6 * * ? *)', State: 'ENABLED' });
    const targets = rules[0]![1].Properties!.Targets as { RetryPolicy?: { MaximumRetryAttempts: number } }[];
    expect(targets.map((target) => target.RetryPolicy?.MaximumRetryAttempts)).toEqual([2]);
    const permissions = ofType(stage, 'AWS::Lambda::Permission').filter(([, permission]) =>
      JSON.stringify(permission.Properties?.FunctionName).includes(functionId),
    );
    expect(permissions.map(([, permission]) => permission.Properties?.Principal)).toEqual(['events.amazonaws.com']);
  });

  it("has a role of its own: Queries of the due-date, digest and open-due indexes and of the organizations' partitions, reads of people, Puts of marks, events and mails; never a Scan, a secret or SES", () => {
    const tableStatements = statements.filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:')),
    );
    expect(
      tableStatements.map((statement) => ({
        actions: [statement.Action].flat(),
        index: /\/index\/(\w+)/.exec(JSON.stringify(statement.Resource))?.[1],
        condition: statement.Condition,
      })),
    ).toEqual(
      DUE_REMINDER_TABLE_ACCESS.map((access) => ({
        actions: [...access.actions],
        index: 'indexes' in access ? access.indexes[0] : undefined,
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.leadingKeys] } },
      })),
    );
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    expect(
      actions.some((action) => action.startsWith('secretsmanager:') || action.startsWith('ses:') || action === 'dynamodb:Scan'),
    ).toBe(false);
  });
});
