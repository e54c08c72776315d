import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { SHARED_STACK_NAME, stackName } from '../../infra/stages';

export interface SynthesizedStage {
  app: App;
  stage: Template;
  shared: Template;
}

const cache = new Map<string, SynthesizedStage>();

/**
 * The app as `cdk synth -c stage=NAME` builds it (cdk-nag included), without bundling the
 * handlers (~2 s instead of minutes): the tests read the template, not the code. Without a web
 * build by default (web/dist comes and goes while the web app is rebuilt).
 */
export function synthStage(name: string, webRoot: string | null = null): SynthesizedStage {
  const key = `${name}:${webRoot}`;
  let result = cache.get(key);
  if (!result) {
    // The built-in CloudFormation schema validation (a WASM engine, ~30 s) runs in `cdk synth`, not here.
    const app = buildApp(
      new App({ builtinCloudFormationValidation: false, context: { stage: name, 'aws:cdk:bundling-stacks': [] } }),
      webRoot,
    );
    const assembly = app.synth();
    const template = (stack: string) => Template.fromJSON(assembly.getStackByName(stack).template as Record<string, unknown>);
    result = { app, stage: template(stackName(name)), shared: template(SHARED_STACK_NAME) };
    cache.set(key, result);
  }
  return result;
}

export type Resources = Record<
  string,
  {
    Type: string;
    Properties?: Record<string, unknown>;
    DependsOn?: string | string[];
    DeletionPolicy?: string;
    UpdateReplacePolicy?: string;
    Metadata?: unknown;
  }
>;

export const resourcesOf = (template: Template) => (template.toJSON() as { Resources: Resources }).Resources;

export const ofType = (template: Template, type: string) =>
  Object.entries(resourcesOf(template)).filter(([, resource]) => resource.Type === type);
