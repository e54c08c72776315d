import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SharedStack } from '../../infra/stack';
import { SHARED_STACK_NAME } from '../../infra/stages';
import { ofType } from './synth-stage';

/** Where each account-wide (not regional) resource type of the shared stack keeps its name. */
const GLOBAL_NAMES: Record<string, (properties: Record<string, unknown>) => unknown> = {
  'AWS::CloudFront::Function': (properties) => properties.Name,
  'AWS::CloudFront::ResponseHeadersPolicy': (properties) => (properties.ResponseHeadersPolicyConfig as { Name: unknown }).Name,
  'AWS::CloudFront::CachePolicy': (properties) => (properties.CachePolicyConfig as { Name: unknown }).Name,
};

/** A name as CloudFormation resolves it in `region` (the only token these names hold is the region). */
function resolveIn(region: string, name: unknown): string {
  const text = JSON.stringify(name);
  const resolved = text.replace(/\{"Ref":"AWS::Region"\}/g, JSON.stringify(region));
  const value: unknown = JSON.parse(resolved);
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join || !join[1].every((part) => typeof part === 'string')) throw new Error(`Unexpected name ${text}`);
  return join[1].join(join[0]);
}

/** The account-wide names the shared stack creates, deployed in `region`. */
function namesIn(region: string): Map<string, string> {
  const app = new App({ builtinCloudFormationValidation: false });
  const template = Template.fromStack(new SharedStack(app, SHARED_STACK_NAME, { env: { account: '111111111111', region } }));
  const names = new Map<string, string>();
  for (const [type, nameOf] of Object.entries(GLOBAL_NAMES)) {
    for (const [id, resource] of ofType(template, type))
      names.set(`${type} ${id}`, resolveIn(region, nameOf(resource.Properties!)));
  }
  // Every CloudFront resource is account-wide: each must be listed above, so none escapes the check.
  for (const [id, resource] of Object.entries(template.toJSON().Resources as Record<string, { Type: string }>)) {
    if (resource.Type.startsWith('AWS::CloudFront::'))
      expect(GLOBAL_NAMES, `${id} (${resource.Type})`).toHaveProperty([resource.Type]);
  }
  return names;
}

describe('the shared stack in a second region of the same account', () => {
  it('gives every account-wide resource a name that carries the region, so two regions never collide', () => {
    const first = namesIn('eu-west-1');
    const second = namesIn('us-west-2');
    expect([...first.keys()].sort()).toEqual([...second.keys()].sort());
    expect(first.size).toBe(3);
    for (const [key, name] of first) {
      expect(name, key).toContain('eu-west-1');
      expect(second.get(key), key).toContain('us-west-2');
      expect(second.get(key), key).not.toBe(name);
    }
  });
});
