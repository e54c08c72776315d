import { App, type CfnResource, NestedStack, Stack } from 'aws-cdk-lib';
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
    const template = (stack: string) => assembly.getStackByName(stack).template as CloudFormationTemplate;
    result = {
      app,
      stage: Template.fromJSON(withNestedStacks(app, stackName(name), template(stackName(name)))),
      shared: Template.fromJSON(template(SHARED_STACK_NAME)),
    };
    cache.set(key, result);
  }
  return result;
}

interface CloudFormationTemplate {
  Resources: Resources;
  Outputs?: Record<string, { Value: unknown }>;
  [section: string]: unknown;
}

/**
 * The stage's template as one: each nested stack's resources (the HTTP API's routes, docs/decisions/117)
 * in place of its AWS::CloudFormation::Stack, with its parameters replaced by what the stage passes and
 * the stage's reads of its outputs by their values. The tests then see what is deployed, wherever
 * CloudFormation's 500 resources a stack put it; the stack's own count is asserted by test/infra/stack-size.test.ts.
 */
function withNestedStacks(app: App, parentName: string, parent: CloudFormationTemplate): Record<string, unknown> {
  const merged: CloudFormationTemplate = structuredClone(parent);
  const nestedStacks = app.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .filter((nested) => (Stack.of(nested.node.scope!) as Stack).stackName === parentName);
  for (const nested of nestedStacks) {
    const resource = nested.nestedStackResource as CfnResource;
    const id = Stack.of(resource).resolve(resource.logicalId) as string;
    const stackResource = merged.Resources[id]!;
    const parameters = (stackResource.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const own = Template.fromStack(nested).toJSON() as CloudFormationTemplate;
    const inlined = replaceDeep(own, (value) => {
      const ref = (value as { Ref?: string }).Ref;
      return typeof ref === 'string' && ref in parameters ? parameters[ref] : undefined;
    }) as CloudFormationTemplate;
    delete merged.Resources[id];
    // Depending on a nested stack is depending on everything in it.
    for (const other of Object.values(merged.Resources)) {
      const dependsOn = [other.DependsOn ?? []].flat();
      if (dependsOn.includes(id))
        other.DependsOn = [...dependsOn.filter((name) => name !== id), ...Object.keys(inlined.Resources)];
    }
    Object.assign(merged.Resources, inlined.Resources);
    const outputs = inlined.Outputs ?? {};
    const outputValue = (value: object) => {
      const getAtt = (value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || getAtt[0] !== id || !getAtt[1].startsWith('Outputs.')) return undefined;
      return outputs[getAtt[1].slice('Outputs.'.length)]?.Value;
    };
    merged.Resources = replaceDeep(merged.Resources, outputValue) as Resources;
    merged.Outputs = replaceDeep(merged.Outputs ?? {}, outputValue) as CloudFormationTemplate['Outputs'];
  }
  return merged as unknown as Record<string, unknown>;
}

/** A copy of `value` with every object `replace` answers for replaced by its answer. */
function replaceDeep(value: unknown, replace: (value: object) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceDeep(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceDeep(item, replace)]));
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
