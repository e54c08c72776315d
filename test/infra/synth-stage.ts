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
 * handlers (~2 s instead of minutes): the tests read the template, not the code.
 */
export function synthStage(name: string): SynthesizedStage {
  let result = cache.get(name);
  if (!result) {
    const app = buildApp(new App({ context: { stage: name, 'aws:cdk:bundling-stacks': [] } }));
    const assembly = app.synth();
    const template = (stack: string) => Template.fromJSON(assembly.getStackByName(stack).template as Record<string, unknown>);
    result = { app, stage: template(stackName(name)), shared: template(SHARED_STACK_NAME) };
    cache.set(name, result);
  }
  return result;
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[]; DeletionPolicy?: string; UpdateReplacePolicy?: string; Metadata?: unknown }>;

export const resourcesOf = (template: Template) => (template.toJSON() as { Resources: Resources }).Resources;

export const ofType = (template: Template, type: string) =>
  Object.entries(resourcesOf(template)).filter(([, resource]) => resource.Type === type);
