import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { isTenantScoped, routes, secretsOf } from '../../functions/routes';
import { previewStage } from '../../infra/stages';
import { ofType, resourcesOf, synthStage } from './synth-stage';

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('API: the cloud serves exactly the route table', () => {
  const { stage } = synthStage('pr-1');
  const resources = resourcesOf(stage);
  const apiRoutes = ofType(stage, 'AWS::ApiGatewayV2::Route');

  /** The Lambda function a route's integration invokes. */
  function functionOf(route: Record<string, unknown>): string {
    const target = JSON.stringify(route.Target);
    const integrationId = /"Ref":"([A-Za-z0-9]+)"/.exec(target)?.[1];
    expect(integrationId, `route target ${target}`).toBeDefined();
    const integration = resources[integrationId!]!;
    expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
    expect(integration.Properties?.IntegrationType).toBe('AWS_PROXY');
    expect(integration.Properties?.PayloadFormatVersion).toBe('2.0');
    const fn = (integration.Properties?.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(resources[fn]?.Type).toBe('AWS::Lambda::Function');
    return fn;
  }

  it('has one route per route-table entry, and no other', () => {
    const keys = apiRoutes.map(([, route]) => route.Properties?.RouteKey).sort();
    expect(keys).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('integrates each route with a function of its own, built from the handler the table names', () => {
    const byKey = new Map(apiRoutes.map(([, route]) => [route.Properties?.RouteKey as string, route.Properties!]));
    const functions = routes.map((route) => {
      const fn = functionOf(byKey.get(`${route.method} ${route.path}`)!);
      expect(resources[fn]!.Properties?.Description).toBe(`${route.method} ${route.path}`);
      return fn;
    });
    expect(new Set(functions).size).toBe(routes.length);
  });

  it("runs every route function on Node.js 22, arm64, with the stage's environment", () => {
    const byKey = new Map(apiRoutes.map(([, route]) => [route.Properties?.RouteKey as string, route.Properties!]));
    for (const entry of routes) {
      const route = { Properties: byKey.get(`${entry.method} ${entry.path}`)! };
      const fn = resources[functionOf(route.Properties)]!.Properties!;
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Architectures).toEqual(['arm64']);
      const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(env)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'STAGE', 'APP_ORIGINS', 'ORIGIN_VERIFY_SECRET', 'ORIGIN_VERIFY_SECRET_ARN']),
      );
      // A function learns where only the secrets of its route are.
      expect('SESSION_SECRET_ARN' in env, `${entry.path} session key`).toBe(secretsOf(entry).includes('session'));
      expect('STRIPE_SECRET_KEY_ARN' in env, `${entry.path} Stripe key`).toBe(secretsOf(entry).includes('stripeSecretKey'));
      expect('STRIPE_WEBHOOK_SECRET_ARN' in env, `${entry.path} webhook secret`).toBe(
        secretsOf(entry).includes('stripeWebhookSecret'),
      );
      expect(env.STAGE).toBe('pr-1');
      // Source maps are shipped, not loaded: --enable-source-maps costs every cold start (infra/bundling.ts).
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect(JSON.stringify(env.ORIGIN_VERIFY_SECRET)).toContain('{{resolve:secretsmanager:');
      expect(JSON.stringify(env.APP_ORIGINS)).toMatch(
        /"https:\/\/",\{"Fn::GetAtt":\["WebDistribution[A-Z0-9]+","DomainName"\]\}/,
      );
    }
  });

  it('grants table writes only to routes whose table access is readwrite', () => {
    const byKey = new Map(apiRoutes.map(([, route]) => [route.Properties?.RouteKey as string, route.Properties!]));
    const policies = ofType(stage, 'AWS::IAM::Policy');
    for (const route of routes) {
      // An admin or SCIM route reaches the table only through the tenant role: test/infra/tenant-role.test.ts.
      if (isTenantScoped(route)) continue;
      const fn = resources[functionOf(byKey.get(`${route.method} ${route.path}`)!)]!;
      const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const statements = policies
        .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
        .flatMap(
          ([, policy]) =>
            (
              policy.Properties!.PolicyDocument as {
                Statement: { Effect: string; Action: string | string[]; Condition?: unknown }[];
              }
            ).Statement,
        )
        // What is granted; the audit log's Deny on every role is audit-log-protection.test.ts's.
        .filter((statement) => statement.Effect === 'Allow');
      const actions = statements.filter((statement) => !statement.Condition).flatMap((statement) => statement.Action);
      const conditioned = statements.filter((statement) => statement.Condition);
      // The one conditioned write: sliding a session's last use (any route that reads the session).
      if (route.table === 'read') {
        expect(conditioned).toEqual([
          expect.objectContaining({
            Action: 'dynamodb:UpdateItem',
            Condition: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] },
              'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['PK', 'SK', 'lastUsedAt', 'ttl'] },
            },
          }),
        ]);
      } else expect(conditioned).toEqual([]);
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions).toContain('secretsmanager:GetSecretValue');
      const writes = actions.filter((action) => WRITE_ACTIONS.includes(action));
      if (route.table === 'readwrite') expect(writes.sort()).toEqual([...WRITE_ACTIONS].sort());
      else expect(writes, `${route.method} ${route.path} is read-only`).toEqual([]);
      expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    }
  });

  it('lets every idempotent route write its idempotency records: a readwrite route (GetItem, PutItem, UpdateItem, DeleteItem, as above)', () => {
    const idempotent = routes.filter((route) => 'idempotent' in route.endpoint && route.endpoint.idempotent);
    expect(idempotent.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'POST /api/organization/invitations',
      'POST /api/organization/users',
      'POST /api/projects',
    ]);
    for (const route of idempotent) expect(route.table, `${route.method} ${route.path}`).toBe('readwrite');
  });

  it('throttles the $default stage and writes an access log', () => {
    stage.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: previewStage().throttle.default.rateLimit,
        ThrottlingBurstLimit: previewStage().throttle.default.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('context.requestId') },
    });
  });
});
