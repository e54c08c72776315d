import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  BOOTSTRAP_QUALIFIERS,
  PREVIEW_BOUNDARY_POLICY,
  PREVIEW_EXECUTION_POLICY,
  PREVIEW_TOOLKIT_STACK,
} from '../../infra/stages';

interface Job {
  needs?: string | string[];
  uses?: string;
  environment?: string | { name: string };
  permissions?: Record<string, string>;
  steps?: { name?: string; uses?: string; run?: string; with?: Record<string, string> }[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const WORKFLOWS = path.resolve(import.meta.dirname, '../../.github/workflows');
const read = (file: string) => readFileSync(path.join(WORKFLOWS, file), 'utf8');
const workflow = (file: string) => parse(read(file)) as Workflow;
const environmentOf = (job: Job) => (typeof job.environment === 'string' ? job.environment : job.environment?.name);
const runs = (job: Job) => (job.steps ?? []).map((step) => step.run ?? '').join('\n');
const roleOf = (job: Job) =>
  job.steps?.find((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials'))?.with?.['role-to-assume'];

/** The environments the GitHub roles trust (infra/delivery-stack.ts), with the repository variable that holds each role. */
const ROLE_OF_ENVIRONMENT: Record<string, string> = {
  preview: '${{ vars.AWS_PREVIEW_ROLE_ARN }}',
  'production-diff': '${{ vars.AWS_PROD_DIFF_ROLE_ARN }}',
  production: '${{ vars.AWS_DEPLOY_ROLE_ARN }}',
};

describe('workflows', () => {
  const all = ['ci.yml', 'deploy.yml', 'preview.yml', 'preview-cleanup.yml'];

  it('asks for an AWS token only in a job of the environment its role trusts', () => {
    for (const file of all) {
      for (const [name, job] of Object.entries(workflow(file).jobs)) {
        const role = roleOf(job);
        if (job.permissions?.['id-token'] !== 'write') {
          expect(role, `${file} ${name}`).toBeUndefined();
          continue;
        }
        const environment = environmentOf(job);
        expect(environment && ROLE_OF_ENVIRONMENT[environment], `${file} ${name}: environment ${environment}`).toBeDefined();
        expect(role, `${file} ${name}`).toBe(ROLE_OF_ENVIRONMENT[environment!]);
      }
    }
  });

  it('keeps every preview path away from prod: preview role only, no prod bootstrap, stack or role', () => {
    for (const file of ['preview.yml', 'preview-cleanup.yml']) {
      const text = read(file);
      expect(text, file).not.toMatch(
        /AWS_DEPLOY_ROLE_ARN|AWS_PROD_DIFF_ROLE_ARN|hnb659fds|Growthwise-prod|Growthwise-shared|environment: production/,
      );
      for (const job of Object.values(workflow(file).jobs)) if (roleOf(job)) expect(environmentOf(job)).toBe('preview');
    }
    // Fork pull requests get no preview (and GitHub gives them no token).
    for (const job of Object.values(workflow('preview.yml').jobs))
      expect(String((job as { if?: string }).if)).toContain('head.repo.full_name == github.repository');
  });

  it('deploys prod only after the tests of the same commit and a cdk diff in the summary, behind the production approval', () => {
    const { jobs } = workflow('deploy.yml');
    expect(jobs.test!.uses).toBe('./.github/workflows/ci.yml');
    expect(workflow('ci.yml').on).toHaveProperty('workflow_call');
    expect([jobs.diff!.needs].flat()).toEqual(['test']);
    expect(environmentOf(jobs.diff!)).toBe('production-diff');
    expect(runs(jobs.diff!)).toMatch(/npx cdk diff -c stage=prod .*Growthwise-prod[\s\S]*GITHUB_STEP_SUMMARY/);
    expect([jobs.prod!.needs].flat().sort()).toEqual(['diff', 'test']);
    expect(environmentOf(jobs.prod!)).toBe('production');
    const steps = runs(jobs.prod!);
    const policy = steps.indexOf('set-stack-policy');
    expect(policy).toBeGreaterThan(-1);
    expect(policy).toBeLessThan(steps.indexOf('npm run deploy -- prod'));
    expect(steps).toContain('npx tsx infra/stack-policy.ts');
    // Prod's distribution reads its web ACL from the edge stack, so that stack goes first.
    const edge = steps.search(/npx cdk deploy -c stage=prod --exclusively [^\n]*Growthwise-edge/);
    expect(edge).toBeGreaterThan(-1);
    expect(edge).toBeLessThan(steps.indexOf('npm run deploy -- prod'));
    expect(runs(jobs.diff!)).toMatch(/npx cdk diff [^\n]*Growthwise-edge[^\n]*Growthwise-prod/);
    // A prod whose alarms would wake nobody is refused before any of its stacks is deployed.
    const recipients = steps.indexOf('npx tsx infra/require-alarm-recipients.ts prod');
    expect(recipients).toBeGreaterThan(-1);
    for (const deploy of steps.matchAll(/npx cdk deploy|npm run deploy|set-stack-policy/g))
      expect(recipients).toBeLessThan(deploy.index);
  });

  it("sweeps previews with the tested script and collects the preview bootstrap's assets", () => {
    const steps = runs(workflow('preview-cleanup.yml').jobs.sweep!);
    expect(steps).toContain('npx tsx infra/preview-sweep.ts');
    expect(steps).toMatch(/npx cdk gc .*--toolkit-stack-name GrowthwisePreviewToolkit/s);
    expect(workflow('preview-cleanup.yml').on).toHaveProperty('schedule');
  });

  it('validates the workflows and lints the templates in CI', () => {
    const steps = runs(workflow('ci.yml').jobs.test!);
    expect(steps).toContain('npx action-validator "$workflow"');
    expect(steps).toMatch(/pip install cfn-lint==\d+\.\d+\.\d+/);
    expect(steps).toContain('cfn-lint cdk.out/prod/*.template.json cdk.out/pr-1/*.template.json');
    const ciRun = readFileSync(path.resolve(import.meta.dirname, '../../.ci/run'), 'utf8');
    const pinned = /CFN_LINT_VERSION=(\S+)/.exec(ciRun)?.[1];
    expect(steps).toContain(`cfn-lint==${pinned}`);
  });

  it('has docs/deploy.md name every variable, secret, environment and stack the workflows use, and the preview bootstrap', () => {
    const deploy = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    const text = all.map(read).join('\n');
    const settings = new Set([...text.matchAll(/\$\{\{\s*(vars|secrets)\.([A-Z0-9_]+)\s*\}\}/g)].map((match) => match[2]!));
    expect(settings).toContain('AWS_PROD_DIFF_ROLE_ARN');
    for (const name of settings) expect(deploy, name).toContain(`\`${name}\``);
    const environments = new Set(
      all.flatMap((file) => Object.values(workflow(file).jobs).map(environmentOf)).filter((e): e is string => !!e),
    );
    expect([...environments].sort()).toEqual(Object.keys(ROLE_OF_ENVIRONMENT).sort());
    for (const environment of environments) expect(deploy, environment).toContain(`\`${environment}\``);
    for (const stack of new Set([...text.matchAll(/Growthwise-(?:shared|edge|prod)\b/g)].map((match) => match[0])))
      expect(deploy, stack).toContain(stack);
    const bootstrap =
      /npx cdk bootstrap [^\n]*--qualifier ([a-z0-9]+) --toolkit-stack-name (\S+) \\\n\s*--cloudformation-execution-policies \S+:policy\/(\S+) \\\n\s*--custom-permissions-boundary (\S+)/.exec(
        deploy,
      );
    expect(bootstrap?.slice(1)).toEqual([
      BOOTSTRAP_QUALIFIERS.preview,
      PREVIEW_TOOLKIT_STACK,
      PREVIEW_EXECUTION_POLICY,
      PREVIEW_BOUNDARY_POLICY,
    ]);
    expect(deploy).toMatch(/npx cdk bootstrap aws:\/\/PROD_ACCOUNT\/REGION aws:\/\/PROD_ACCOUNT\/us-east-1/);
    expect(deploy).toContain('githubRepository');
    expect(deploy).toMatch(/Point a Stripe webhook endpoint at a stage/);
  });
});
