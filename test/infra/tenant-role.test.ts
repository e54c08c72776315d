import { describe, expect, it } from 'vitest';
import { PARTITIONS_OF_NO_ORGANIZATION } from '../../functions/db/tenant-guard';
import { isTenantScoped, routes } from '../../functions/routes';
import { ofType, resourcesOf, synthStage } from './synth-stage';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
}

const { stage: prod } = synthStage('prod');
const statementsOf = (roleId: string) =>
  ofType(prod, 'AWS::IAM::Policy')
    .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((statement) => statement.Effect === 'Allow');
const actionsOf = (statement: Statement) => [statement.Action].flat();
const routeFunctions = ofType(prod, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('Api'));
const roleOf = (fn: (typeof routeFunctions)[number][1]) => (fn.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
const environmentOf = (fn: (typeof routeFunctions)[number][1]) =>
  (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;

describe("the admin and SCIM routes' tenant role (issue 62, item 8; docs/decisions/111)", () => {
  const [tenantRoleId, tenantRole] = ofType(prod, 'AWS::IAM::Role').find(([id]) => id.includes('TenantTableRole'))!;

  it("may reach only the session tag's organization's partitions, its people's and the partitions of no organization the guard lists", () => {
    const tableStatements = statementsOf(tenantRoleId).filter((statement) =>
      actionsOf(statement).some((a) => a.startsWith('dynamodb:')),
    );
    expect(tableStatements).toHaveLength(1);
    const [statement] = tableStatements;
    expect(actionsOf(statement!)).not.toContain('dynamodb:Scan');
    expect(statement!.Condition).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': [
          'ORG#${aws:PrincipalTag/orgId}',
          'ORG#${aws:PrincipalTag/orgId}#*',
          'AUDIT#${aws:PrincipalTag/orgId}',
          'AUDIT#${aws:PrincipalTag/orgId}#*',
          'USER#*',
          ...PARTITIONS_OF_NO_ORGANIZATION.map(({ prefix }) => `${prefix}*`),
        ],
      },
    });
    // Taken with a session tag, by the roles the account allows to take it.
    expect(JSON.stringify(tenantRole.Properties?.AssumeRolePolicyDocument)).toContain('sts:TagSession');
  });

  it('gives every admin and SCIM route function the tenant role and no table access of its own; no other route the role', () => {
    const scoped = routes.filter(isTenantScoped);
    expect(scoped.length).toBeGreaterThan(25);
    expect(scoped.some((route) => route.path === '/api/organization/users')).toBe(true);
    expect(scoped.some((route) => route.path.startsWith('/api/scim/v2/'))).toBe(true);
    const byDescription = new Map(routeFunctions.map(([, fn]) => [String(fn.Properties?.Description), fn]));
    for (const route of routes) {
      const fn = byDescription.get(`${route.method} ${route.path}`)!;
      expect(fn, `${route.method} ${route.path}`).toBeDefined();
      const environment = environmentOf(fn);
      if (!isTenantScoped(route)) {
        expect(environment.TENANT_TABLE_ROLE_ARN, route.path).toBeUndefined();
        continue;
      }
      expect(JSON.stringify(environment.TENANT_TABLE_ROLE_ARN), route.path).toContain(tenantRoleId);
      const own = statementsOf(roleOf(fn));
      const table = own.filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
      expect(table, route.path).toEqual([]);
      const assume = own.find((statement) => actionsOf(statement).includes('sts:AssumeRole'));
      expect(JSON.stringify(assume?.Resource), route.path).toContain(tenantRoleId);
    }
  });

  it('is one role a stage, whatever the number of admin routes', () => {
    expect(ofType(prod, 'AWS::IAM::Role').filter(([id]) => id.includes('TenantTableRole'))).toHaveLength(1);
    expect(resourcesOf(prod)[tenantRoleId]?.Properties?.MaxSessionDuration).toBe(3600);
  });
});
