/**
 * `npx tsx infra/synth-templates.ts OUTDIR STAGE...`: the CloudFormation templates of each stage
 * (with the account-wide stacks) in OUTDIR/STAGE/, for cfn-lint in CI (.ci/run). The handlers are
 * not bundled (the templates are what is checked; `cdk synth` in the CI workflow bundles them), and
 * CDK's own schema validation is left to cfn-lint; cdk-nag runs as in every synthesis. Where no
 * repository is configured (infra/app.ts), the delivery stack is linted with roles trusting
 * LINT_REPOSITORY: these templates are checked, never deployed.
 */
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from './app';
import { recordProfileEvent } from './local/profile-events';

const [outdir, ...stageNames] = process.argv.slice(2);
if (!outdir || stageNames.length === 0) {
  console.error('Usage: npx tsx infra/synth-templates.ts <outdir> <stage>...   e.g. reports/templates prod pr-1');
  process.exit(2);
}
const LINT_REPOSITORY = 'lint-only/not-deployed';
for (const stage of stageNames) {
  const app = new App({
    outdir: path.resolve(outdir, stage),
    builtinCloudFormationValidation: false,
    context: { stage, 'aws:cdk:bundling-stacks': [], githubRepository: process.env.GITHUB_REPOSITORY || LINT_REPOSITORY },
  });
  const started = performance.now();
  const assembly = buildApp(app, null).synth();
  recordProfileEvent('cdk-synth', started);
  console.log(
    `${stage}: ${assembly.stacks.map((stack) => path.relative(process.cwd(), path.join(assembly.directory, stack.templateFile))).join(' ')}`,
  );
}
