import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { ofType, resourcesOf, synthStage } from './synth-stage';

describe('API Gateway invokes the route functions through one role (docs/decisions/109)', () => {
  for (const name of ['prod', 'pr-1']) {
    const { stage } = synthStage(name);

    it(`${name}: every route's integration calls its function with the invoking role's credentials, and no function has a permission for API Gateway`, () => {
      const integrations = ofType(stage, 'AWS::ApiGatewayV2::Integration');
      expect(integrations).toHaveLength(routes.length);
      const roleIds = new Set(
        integrations.map(
          ([, integration]) => (integration.Properties?.CredentialsArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0],
        ),
      );
      expect(roleIds.size).toBe(1);
      const [roleId] = [...roleIds];
      const role = resourcesOf(stage)[roleId!]!;
      expect(JSON.stringify(role.Properties?.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
      const permissions = ofType(stage, 'AWS::Lambda::Permission').filter(
        ([, permission]) => permission.Properties?.Principal === 'apigateway.amazonaws.com',
      );
      expect(permissions).toEqual([]);
    });

    it(`${name}: the role may invoke exactly the API's functions: every integration's function is named under the prefix the role grants`, () => {
      const integrations = ofType(stage, 'AWS::ApiGatewayV2::Integration');
      const roleId = (integrations[0]![1].Properties?.CredentialsArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
      const statements = ofType(stage, 'AWS::IAM::Policy')
        .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(roleId))
        .flatMap(
          ([, policy]) =>
            (policy.Properties?.PolicyDocument as { Statement: { Effect: string; Action: string; Resource: unknown }[] })
              .Statement,
        )
        // Every role also carries the audit log's deny (infra/audit-log-protection.ts).
        .filter((statement) => statement.Effect === 'Allow');
      expect(statements.map((statement) => statement.Action)).toEqual(['lambda:InvokeFunction']);
      const granted = JSON.stringify(statements[0]!.Resource);
      // CloudFormation names a function {stack}-{logical id}-{suffix}: the API's logical ids start with its construct's id.
      expect(granted).toMatch(/:function:Growthwise-[a-z0-9-]+-Api\*/);
      for (const [, integration] of integrations) {
        const functionId = (integration.Properties?.IntegrationUri as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
        expect(functionId).toMatch(/^Api/);
      }
    });
  }
});
