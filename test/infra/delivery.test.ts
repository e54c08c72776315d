import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudFormationStackArtifact } from 'aws-cdk-lib/cx-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_CONTEXT, buildApp } from '../../infra/app';
import { MISSING_REPOSITORY } from '../../infra/delivery-stack';
import { PREVIEW_BOUNDARY_POLICY } from '../../infra/stages';
import { ofType, resourcesOf, synthStage } from './synth-stage';

const REPOSITORY = 'acme-co/growthwise';

function synth(
  stage: string,
  accounts = { prod: null, preview: null } as Record<'prod' | 'preview', string | null>,
  context: Record<string, unknown> = { githubRepository: REPOSITORY },
) {
  const app = buildApp(
    new App({ builtinCloudFormationValidation: false, context: { stage, 'aws:cdk:bundling-stacks': [], ...context } }),
    null,
    accounts,
  );
  return app.synth();
}

const roles = (template: Template) =>
  Object.fromEntries(
    ofType(template, 'AWS::IAM::Role').map(([, role]) => [role.Properties!.RoleName as string, role.Properties!]),
  );

describe('delivery: previews cannot reach prod', () => {
  const assembly = synth('pr-1');
  const delivery = Template.fromJSON(assembly.getStackByName('Growthwise-delivery').template as Record<string, unknown>);
  const github = roles(delivery);

  it('trusts each GitHub role to exactly one environment of this repository, never a pattern', () => {
    const expected = {
      'growthwise-github-preview': 'preview',
      'growthwise-github-production': 'production',
      'growthwise-github-production-diff': 'production-diff',
    };
    expect(Object.keys(github).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, environment] of Object.entries(expected)) {
      const [statement, ...others] = (github[name]!.AssumeRolePolicyDocument as { Statement: Record<string, unknown>[] })
        .Statement;
      expect(others, name).toEqual([]);
      expect(statement!.Action).toBe('sts:AssumeRoleWithWebIdentity');
      expect(statement!.Condition, name).toEqual({
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': `repo:${REPOSITORY}:environment:${environment}`,
        },
      });
    }
  });

  it("lets the preview role assume only the preview bootstrap's roles and names nothing of prod", () => {
    const policy = JSON.stringify(github['growthwise-github-preview']!.Policies);
    expect(policy).toContain('cdk-gwpreview-deploy-role');
    expect(policy).not.toMatch(/hnb659fds|Growthwise-prod|Growthwise-shared|growthwise-github-production/);
    const assumable = (
      github['growthwise-github-preview']!.Policies as {
        PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] };
      }[]
    )
      .flatMap((p) => p.PolicyDocument.Statement)
      .filter((s) => [s.Action].flat().includes('sts:AssumeRole'))
      .flatMap((s) => [s.Resource].flat().map((r) => JSON.stringify(r)));
    expect(assumable.length).toBeGreaterThan(0);
    for (const resource of assumable) expect(resource).toMatch(/:role\/cdk-gwpreview-(deploy|file-publishing|lookup)-role-/);
  });

  it('deploys a preview through the preview bootstrap, and prod through the default one', () => {
    const preview = assembly.getStackByName('Growthwise-pr-1') as CloudFormationStackArtifact;
    const prod = synth('prod').getStackByName('Growthwise-prod') as CloudFormationStackArtifact;
    expect(preview.assumeRoleArn).toContain('cdk-gwpreview-deploy-role');
    expect(preview.cloudFormationExecutionRoleArn).toContain('cdk-gwpreview-cfn-exec-role');
    expect(JSON.stringify(preview.template)).not.toContain('hnb659fds');
    expect(prod.assumeRoleArn).toContain('cdk-hnb659fds-deploy-role');
  });

  it('puts the preview boundary on every role a preview creates; the boundary denies prod by tag and by name, and escaping it', () => {
    const previewRoles = ofType(synthStage('pr-1').stage, 'AWS::IAM::Role');
    expect(previewRoles.length).toBeGreaterThan(0);
    for (const [id, role] of previewRoles)
      expect(JSON.stringify(role.Properties!.PermissionsBoundary), id).toContain(`:policy/${PREVIEW_BOUNDARY_POLICY}`);
    for (const [, role] of ofType(synthStage('prod').stage, 'AWS::IAM::Role'))
      expect(role.Properties!.PermissionsBoundary).toBeUndefined();

    const [, boundary] = ofType(delivery, 'AWS::IAM::ManagedPolicy').find(
      ([, p]) => p.Properties!.ManagedPolicyName === PREVIEW_BOUNDARY_POLICY,
    )!;
    const statements = (
      boundary.Properties!.PolicyDocument as {
        Statement: { Sid: string; Effect: string; Condition?: unknown; Resource: unknown }[];
      }
    ).Statement;
    const sid = (name: string) => statements.find((s) => s.Sid === name)!;
    expect(sid('NothingTaggedAsProd')).toMatchObject({
      Effect: 'Deny',
      Condition: { StringEquals: { 'aws:ResourceTag/stage': ['prod', 'shared', 'delivery'] } },
    });
    expect(JSON.stringify(sid('NothingNamedAsProd').Resource)).toMatch(
      /stack\/Growthwise-prod\/\*.*table\/Growthwise-prod-\*.*role\/cdk-hnb659fds-\*/,
    );
    expect(sid('NoRoleWithoutThisBoundary')).toMatchObject({ Effect: 'Deny' });
    // Prod's resources carry the tag the boundary denies.
    expect(JSON.stringify(resourcesOf(synthStage('prod').stage))).toContain('{"Key":"stage","Value":"prod"}');
  });

  it('places prod and previews in their own accounts when the config names them', () => {
    const accounts = { prod: '111111111111', preview: '222222222222' };
    const previewApp = synth('pr-1', accounts);
    expect(previewApp.getStackByName('Growthwise-pr-1').environment.account).toBe('222222222222');
    expect(synth('prod', accounts).getStackByName('Growthwise-prod').environment.account).toBe('111111111111');
    const previewDelivery = roles(
      Template.fromJSON(previewApp.getStackByName('Growthwise-delivery-preview').template as Record<string, unknown>),
    );
    const prodDelivery = roles(
      Template.fromJSON(previewApp.getStackByName('Growthwise-delivery-prod').template as Record<string, unknown>),
    );
    expect(Object.keys(previewDelivery)).toEqual(['growthwise-github-preview']);
    expect(Object.keys(prodDelivery).sort()).toEqual(['growthwise-github-production', 'growthwise-github-production-diff']);
    expect(previewApp.getStackByName('Growthwise-delivery-prod').environment.account).toBe('111111111111');
    // A preview account of its own deploys its own Growthwise-shared through the preview bootstrap; one shared with prod denies it.
    const deniedNames = (template: Template) =>
      JSON.stringify(
        (
          ofType(template, 'AWS::IAM::ManagedPolicy').find(
            ([, p]) => p.Properties!.ManagedPolicyName === PREVIEW_BOUNDARY_POLICY,
          )![1].Properties!.PolicyDocument as { Statement: { Sid: string; Resource: unknown }[] }
        ).Statement.find((s) => s.Sid === 'NothingNamedAsProd')!.Resource,
      );
    const ownAccount = deniedNames(
      Template.fromJSON(previewApp.getStackByName('Growthwise-delivery-preview').template as Record<string, unknown>),
    );
    expect(ownAccount).not.toMatch(/Growthwise-shared|growthwise\/shared/);
    expect(ownAccount).toMatch(/stack\/Growthwise-prod\//);
    expect(deniedNames(delivery)).toMatch(/stack\/Growthwise-shared\/.*parameter\/growthwise\/shared\//);
  });
});

describe('delivery: the trusted repository comes from configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const subjects = (assembly: ReturnType<typeof synth>) =>
    Object.values(
      roles(Template.fromJSON(assembly.getStackByName('Growthwise-delivery').template as Record<string, unknown>)),
    ).map((role) => JSON.stringify(role.AssumeRolePolicyDocument));

  it('takes it from the context, else from GITHUB_REPOSITORY (which GitHub Actions sets)', () => {
    vi.stubEnv('GITHUB_REPOSITORY', 'from-env/repo');
    for (const subject of subjects(synth('pr-1', undefined, { githubRepository: 'from-context/repo' })))
      expect(subject).toContain('repo:from-context/repo:environment:');
    const fromEnv = subjects(synth('pr-1', undefined, {}));
    expect(fromEnv).toHaveLength(3);
    for (const subject of fromEnv) expect(subject).toContain('repo:from-env/repo:environment:');
  });

  it('leaves the delivery stack out when no repository is configured: a plain `cdk synth` of a fresh clone synthesizes the stages', () => {
    vi.stubEnv('GITHUB_REPOSITORY', '');
    const assembly = buildApp(
      new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } }),
      null,
    ).synth();
    expect(assembly.stacks.map((stack) => stack.stackName).sort()).toEqual([
      'Growthwise-dev',
      'Growthwise-edge',
      'Growthwise-shared',
    ]);
    for (const stack of assembly.stacks)
      expect(
        stack.messages.filter((message) => message.level === 'error'),
        stack.stackName,
      ).toEqual([]);
  });

  it('refuses the delivery stack, and only it, when it is asked for (-c delivery=true) and no repository is configured: no role trusts a made-up one', () => {
    vi.stubEnv('GITHUB_REPOSITORY', '');
    const assembly = synth('pr-1', undefined, { [DELIVERY_CONTEXT]: 'true' });
    const delivery = assembly.getStackByName('Growthwise-delivery');
    const errors = delivery.messages.filter((message) => message.level === 'error').map((message) => String(message.entry.data));
    expect(errors).toEqual([MISSING_REPOSITORY]);
    expect(MISSING_REPOSITORY).toMatch(/githubRepository.*GITHUB_REPOSITORY/);
    expect(ofType(Template.fromJSON(delivery.template as Record<string, unknown>), 'AWS::IAM::Role')).toEqual([]);
    for (const name of ['Growthwise-pr-1', 'Growthwise-shared']) {
      expect(
        assembly.getStackByName(name).messages.filter((message) => message.level === 'error'),
        name,
      ).toEqual([]);
    }
  });

  it('refuses a value that is not owner/name', () => {
    for (const bad of ['growthwise', 'a/b/c', 'owner/', 'own er/repo'])
      expect(() => synth('pr-1', undefined, { githubRepository: bad }), bad).toThrow(/owner\/name/);
  });
});
