import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { GrowthwiseStack, SharedStack } from './stack';
import { SHARED_STACK_NAME, stackName, stageConfig } from './stages';
import { SPA_HTML_FILES } from './web/spa-fallback';

/**
 * The CDK app, and the only place that reads context and environment:
 * `npx cdk deploy -c stage=NAME Growthwise-NAME` deploys stage NAME. The stacks are environment-agnostic
 * (they deploy to the account and region of the credentials in use), so synthesis needs no AWS credentials.
 */
export function buildApp(app: App = new App(), webRoot: string | null = findWebBuild()): App {
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  const config = stageConfig(stage);

  new SharedStack(app, SHARED_STACK_NAME, {
    description: 'Growthwise: CloudFront function and response headers policy shared by every stage',
  });
  new GrowthwiseStack(app, stackName(stage), {
    stage,
    config,
    webRoot: webRoot ?? undefined,
    description: `Growthwise stage ${stage}`,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return app;
}

/**
 * The web build (web/dist), if there is a complete one (every HTML file the SPA function answers
 * with): without it the stage gets a placeholder page.
 */
function findWebBuild(): string | null {
  const webDist = path.resolve(import.meta.dirname, '../web/dist');
  return SPA_HTML_FILES.every((file) => existsSync(path.join(webDist, file))) ? webDist : null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  buildApp().synth();
}
