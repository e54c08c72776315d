import { describe, expect, it } from 'vitest';
import { ofType, resourcesOf, synthStage } from './synth-stage';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
}

const roleIdOf = (role: unknown) => (role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

describe('the audit log is write-once for every function', () => {
  for (const name of ['prod', 'pr-1']) {
    it(`${name}: every function's role has the policy that denies UpdateItem and DeleteItem on AUDIT# partition keys of the table`, () => {
      const { stage } = synthStage(name);
      const policies = ofType(stage, 'AWS::IAM::Policy').filter(([, policy]) =>
        ((policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement ?? []).some(
          (statement) => statement.Effect === 'Deny',
        ),
      );
      expect(policies).toHaveLength(1);
      const [, policy] = policies[0]!;
      const statements = (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement;
      const deny = statements.find((statement) => [statement.Action].flat().includes('dynamodb:UpdateItem'))!;
      expect(deny.Effect).toBe('Deny');
      expect([deny.Action].flat()).toEqual(
        expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
      );
      expect(deny.Condition).toEqual({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } });
      const [tableId] = ofType(stage, 'AWS::DynamoDB::Table').map(([id]) => id);
      expect(deny.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });

      const attached = (policy.Properties!.Roles as { Ref: string }[]).map((role) => role.Ref);
      const functions = ofType(stage, 'AWS::Lambda::Function');
      expect(functions.length).toBeGreaterThan(40);
      for (const [id, fn] of functions) expect(attached, id).toContain(roleIdOf(fn.Properties!.Role));
    });
  }

  it("no function is allowed anything under a condition that could lift the deny: no Allow names AUDIT# keys but the tenant role's own organization's, which the deny still covers", () => {
    const { stage } = synthStage('pr-1');
    const resources = resourcesOf(stage);
    const allows = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .flatMap((resource) => (resource.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((statement) => statement.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    // The tenant role (docs/decisions/111) may write its session tag's audit entries: Puts; the deny below still refuses changes and deletes.
    const named = JSON.stringify(allows).match(/AUDIT#[^"]*/g) ?? [];
    expect([...new Set(named)]).toEqual(['AUDIT#${aws:PrincipalTag/orgId}', 'AUDIT#${aws:PrincipalTag/orgId}#*']);
    const [tenantRoleId] = ofType(stage, 'AWS::IAM::Role').find(([id]) => id.includes('TenantTableRole'))!;
    const denying = ofType(stage, 'AWS::IAM::Policy').filter(([, policy]) =>
      (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement.some(
        (statement) => statement.Effect === 'Deny',
      ),
    );
    expect(denying.some(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${tenantRoleId}"`))).toBe(true);
  });
});
