import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import * as billingEndpoints from '../../shared/contract/billing';
import { ofType, resourcesOf, synthStage } from './synth-stage';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

describe.each(['prod', 'pr-1'])('stage %s: billing', (name) => {
  const { stage } = synthStage(name);
  const resources = resourcesOf(stage);
  const secrets = ofType(stage, 'AWS::SecretsManager::Secret');
  const secretId = (label: string) => {
    const found = secrets.find(([id]) => id.startsWith(`Secrets${label}`));
    expect(found, label).toBeDefined();
    return found![0];
  };

  const functionOfPath = (path: string) => {
    const found = ofType(stage, 'AWS::Lambda::Function').find(([, fn]) => fn.Properties?.Description === `POST ${path}`);
    expect(found, path).toBeDefined();
    return found!;
  };

  const statementsOf = (roleId: string) =>
    ofType(stage, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);

  it("keeps Stripe's secret key and webhook signing secret as Secrets Manager secrets of the stage", () => {
    for (const label of ['StripeSecretKey', 'StripeWebhookSecret']) {
      const [, secret] = secrets.find(([id]) => id === secretId(label))!;
      expect(secret.Properties?.Description).toMatch(/Stripe/);
      expect(secret.DeletionPolicy).toBe(name === 'prod' ? 'Retain' : 'Delete');
    }
  });

  it("receives webhooks in a function of its own whose role reads Stripe's two secrets (and the origin check's), never the session key", () => {
    const [, fn] = functionOfPath(billingEndpoints.webhook.path);
    const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const others = ofType(stage, 'AWS::Lambda::Function').filter(
      ([, other]) => other !== fn && JSON.stringify(other.Properties?.Role).includes(`"${roleId}"`),
    );
    expect(others).toEqual([]);

    const statements = statementsOf(roleId);
    const secretReads = statements.filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
    const readable = secretReads.map((statement) => JSON.stringify(statement.Resource));
    expect(readable.some((resource) => resource.includes(secretId('StripeWebhookSecret')))).toBe(true);
    expect(readable.some((resource) => resource.includes(secretId('StripeSecretKey')))).toBe(true);
    expect(readable.some((resource) => resource.includes(secretId('SessionSecret')))).toBe(false);
    // The third is the CloudFront origin-verify value every function may re-read during its rotation.
    expect(readable.some((resource) => resource.includes(secretId('OriginVerifySecret')))).toBe(true);
    expect(secretReads).toHaveLength(3);

    // Table access: its events' writes on the stage's table only, no wildcard action anywhere.
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
    );
    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    for (const statement of statements.filter((s) => [s.Action].flat().some((action) => action.startsWith('dynamodb:')))) {
      expect(JSON.stringify(statement.Resource)).toMatch(/DataTable/);
    }
    const env = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).not.toHaveProperty('SESSION_SECRET_ARN');
  });

  it('lets the portal-session function read the secret key but not the webhook signing secret', () => {
    const [, fn] = functionOfPath(billingEndpoints.portalSession.path);
    const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const readable = statementsOf(roleId)
      .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
      .map((statement) => JSON.stringify(statement.Resource));
    expect(readable.some((resource) => resource.includes(secretId('StripeSecretKey')))).toBe(true);
    expect(readable.some((resource) => resource.includes(secretId('StripeWebhookSecret')))).toBe(false);
  });

  it('names both Stripe secrets in the stack outputs, for put-secret-value (README)', () => {
    const outputs = (stage.toJSON() as { Outputs: Record<string, { Value: unknown }> }).Outputs;
    expect(JSON.stringify(outputs.StripeWebhookSecretArn?.Value)).toContain(secretId('StripeWebhookSecret'));
    expect(JSON.stringify(outputs.StripeSecretKeyArn?.Value)).toContain(secretId('StripeSecretKey'));
  });

  it('serves the webhook route from the route table', () => {
    expect(routes.some((route) => route.path === '/api/billing/webhook')).toBe(true);
    expect(
      Object.values(resources).some(
        (resource) =>
          resource.Type === 'AWS::ApiGatewayV2::Route' && resource.Properties?.RouteKey === 'POST /api/billing/webhook',
      ),
    ).toBe(true);
  });
});
