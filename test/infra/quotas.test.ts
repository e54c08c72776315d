import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { invokesModel, isTenantScoped, routes, secretsOf } from '../../functions/routes';
import { buildApp } from '../../infra/app';
import { EDGE_STACK_NAME, SHARED_STACK_NAME, stackName, stageConfig } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

/**
 * The default quotas a preview counts against, per account (or per region, for one region), as AWS
 * publishes them in Service Quotas; a type missing here has no count quota worth checking (Lambda
 * functions, log groups, queues, topics, secrets).
 */
const QUOTAS: Record<string, { quota: number; what: string }> = {
  'AWS::IAM::Role': { quota: 1000, what: 'IAM roles per account' },
  'AWS::IAM::ManagedPolicy': { quota: 1500, what: 'customer managed IAM policies per account' },
  'AWS::CloudFront::Distribution': { quota: 200, what: 'CloudFront distributions per account' },
  'AWS::CloudFront::OriginAccessControl': { quota: 100, what: 'CloudFront origin access controls per account' },
  'AWS::CloudFront::Function': { quota: 100, what: 'CloudFront functions per account' },
  'AWS::CloudFront::ResponseHeadersPolicy': { quota: 20, what: 'CloudFront response headers policies per account' },
  'AWS::WAFv2::WebACL': { quota: 100, what: 'WAF web ACLs per account' },
  'AWS::ApiGatewayV2::Api': { quota: 600, what: 'HTTP APIs per region' },
  'AWS::DynamoDB::Table': { quota: 2500, what: 'DynamoDB tables per region' },
  'AWS::SES::ConfigurationSet': { quota: 10000, what: 'SES configuration sets per region' },
  'AWS::CloudFormation::Stack': { quota: 2000, what: 'CloudFormation stacks per region' },
};

/** What `cdk bootstrap` creates per qualifier: the execution, deploy, file- and image-publishing and lookup roles. */
const BOOTSTRAP_ROLES = 5;

const DEPLOY_DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');

type Usage = Record<string, number>;

function usageOf(template: Template): Usage {
  const usage: Usage = { 'AWS::CloudFormation::Stack': 1 };
  for (const type of Object.keys(QUOTAS)) if (type !== 'AWS::CloudFormation::Stack') usage[type] = ofType(template, type).length;
  return usage;
}

const sum = (...usages: Usage[]) => {
  const total: Usage = {};
  for (const usage of usages) for (const [type, count] of Object.entries(usage)) total[type] = (total[type] ?? 0) + count;
  return total;
};

/** The templates of one synthesis, in the two-account layout (so each account's delivery stack is its own). */
function synth(stage: string) {
  const accounts = { prod: '111111111111', preview: '222222222222' };
  const app = buildApp(
    new App({
      builtinCloudFormationValidation: false,
      context: { stage, 'aws:cdk:bundling-stacks': [], githubRepository: 'acme-co/growthwise' },
    }),
    null,
    accounts,
  );
  const assembly = app.synth();
  return (name: string) => usageOf(Template.fromJSON(assembly.getStackByName(name).template as Record<string, unknown>));
}

/** How many previews fit beside `fixed`, and the quota that binds first. */
function capacity(fixed: Usage, perPreview: Usage) {
  let fits = Infinity;
  let binding = '';
  for (const [type, { quota, what }] of Object.entries(QUOTAS)) {
    const each = perPreview[type] ?? 0;
    if (each === 0) continue;
    const room = Math.floor((quota - (fixed[type] ?? 0)) / each);
    if (room < fits) [fits, binding] = [room, what];
  }
  return { fits, binding };
}

describe("quotas: what one stage uses of the account's quotas, and how many previews an account holds", () => {
  const previewSynth = synth('pr-1');
  const prodSynth = synth('prod');
  const preview = previewSynth(stackName('pr-1'));
  const prod = prodSynth(stackName('prod'));
  const shared = previewSynth(SHARED_STACK_NAME);
  // dev has the preview's shape: same rules, same account.
  const dev = preview;
  const bootstrap: Usage = { 'AWS::IAM::Role': BOOTSTRAP_ROLES, 'AWS::CloudFormation::Stack': 1 };

  it('keeps the account-wide CloudFront pieces out of every stage', () => {
    expect(stageConfig('dev').rules).toBe(stageConfig('pr-1').rules);
    for (const usage of [preview, prod]) {
      expect(usage['AWS::CloudFront::Function']).toBe(0);
      expect(usage['AWS::CloudFront::ResponseHeadersPolicy']).toBe(0);
      expect(usage['AWS::CloudFront::OriginAccessControl']).toBe(1);
      expect(usage['AWS::CloudFront::Distribution']).toBe(1);
      expect(usage['AWS::IAM::ManagedPolicy']).toBe(0);
    }
    expect(preview['AWS::WAFv2::WebACL']).toBe(0);
  });

  it('fits at least the number of previews docs/deploy.md promises, in either layout, with room for prod', () => {
    const previewAccount = sum(dev, shared, bootstrap, previewSynth('Growthwise-delivery-preview'));
    const oneAccount = sum(
      previewAccount,
      prod,
      bootstrap,
      previewSynth('Growthwise-delivery-prod'),
      previewSynth(EDGE_STACK_NAME),
    );
    for (const fixed of [previewAccount, oneAccount]) {
      for (const [type, { quota, what }] of Object.entries(QUOTAS)) expect(fixed[type] ?? 0, what).toBeLessThan(quota);
    }
    const separate = capacity(previewAccount, preview);
    const shared1 = capacity(oneAccount, preview);
    const promised = Number(/an account holds at least \*\*(\d+) previews\*\*/i.exec(DEPLOY_DOC)?.[1]);
    expect(promised, 'docs/deploy.md: "an account holds at least **N previews**"').toBeGreaterThan(0);
    expect(shared1.fits, `one account: ${shared1.fits} previews (${shared1.binding} binds)`).toBeGreaterThanOrEqual(promised);
    expect(separate.fits, `preview account: ${separate.fits} previews (${separate.binding} binds)`).toBeGreaterThanOrEqual(
      shared1.fits,
    );
    expect(DEPLOY_DOC).toContain(shared1.binding);
  });
});

/** IAM's limit on the inline policies of one role, in characters without whitespace. */
const ROLE_POLICY_LIMIT = 10_240;
/** A generous length for whatever a reference resolves to at deploy time (an ARN, a table name). */
const RESOLVED_REFERENCE = 160;

describe("roles: route functions share one role per set of grants, and each role's policies fit IAM's limit", () => {
  const { stage } = synthStage('prod');
  const policies = ofType(stage, 'AWS::IAM::Policy');
  const roleIds = (policy: { Properties?: Record<string, unknown> }) =>
    (policy.Properties!.Roles as { Ref: string }[]).map((role) => role.Ref);

  it('gives the route functions as many roles as there are sets of grants (table access, secrets, the model), however many routes', () => {
    // An admin or SCIM route's role reaches no table (the tenant role does): its grants are its secrets.
    // The assistant's two model routes share one more (decision 116), where the stage has a model.
    const model = stageConfig('prod').assistant !== null;
    const profiles = new Set(
      routes.map((route) =>
        [
          isTenantScoped(route) ? 'tenant' : route.table,
          ...[...secretsOf(route)].sort(),
          ...(model && invokesModel(route) ? ['model'] : []),
        ].join('+'),
      ),
    );
    const routeRoles = new Set(
      ofType(stage, 'AWS::Lambda::Function')
        .filter(([, fn]) => routes.some((route) => fn.Properties?.Description === `${route.method} ${route.path}`))
        .map(([, fn]) => (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]),
    );
    expect(routeRoles.size).toBe(profiles.size);
    expect(routes.length).toBeGreaterThan(routeRoles.size * 3);
  });

  it(`keeps every role's policies under ${ROLE_POLICY_LIMIT} characters with each reference resolved to ${RESOLVED_REFERENCE}`, () => {
    const sizes = new Map<string, number>();
    const resolved = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.keys(value).some((key) => key === 'Ref' || key.startsWith('Fn::'))
          ? 'x'.repeat(RESOLVED_REFERENCE)
          : Array.isArray(value)
            ? value.map(resolved)
            : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]))
        : value;
    for (const [, policy] of policies) {
      const size = JSON.stringify(resolved(policy.Properties!.PolicyDocument)).length;
      for (const role of roleIds(policy)) sizes.set(role, (sizes.get(role) ?? 0) + size);
    }
    for (const [role, size] of sizes) expect(size, role).toBeLessThan(ROLE_POLICY_LIMIT);
  });
});
