import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { GrowthwiseStack } from '../../infra/stack';
import { previewStage } from '../../infra/stages';
import { ofType, resourcesOf } from './synth-stage';

function stageWith(originVerifyVersionId: string | null) {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new GrowthwiseStack(app, 'Growthwise-rotation', {
    stage: 'rotation',
    config: { ...previewStage(), originVerifyVersionId },
    webRoot: undefined,
    backupCopies: [],
  });
  return Template.fromStack(stack);
}

/** The x-origin-verify value CloudFront sends, and the one each function compares. */
function originVerifyValues(template: Template) {
  const [, distribution] = ofType(template, 'AWS::CloudFront::Distribution')[0]!;
  const origins = (
    distribution.Properties!.DistributionConfig as {
      Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    }
  ).Origins;
  const header = origins
    .flatMap((origin) => origin.OriginCustomHeaders ?? [])
    .find((h) => h.HeaderName === 'x-origin-verify')!.HeaderValue;
  const functions = Object.values(resourcesOf(template))
    .map((resource) => (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables)
    .filter((env) => env?.ORIGIN_VERIFY_SECRET !== undefined)
    .map((env) => env!.ORIGIN_VERIFY_SECRET);
  return { header: JSON.stringify(header), functions: functions.map((value) => JSON.stringify(value)) };
}

describe('secret rotation: CloudFront and the functions resolve the same origin-verify version', () => {
  it("pins the stage config's version into the header and every function, so changing it redeploys both", () => {
    const { header, functions } = originVerifyValues(stageWith('5f0c1d2e-aaaa-bbbb-cccc-0123456789ab'));
    expect(header).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::5f0c1d2e-aaaa-bbbb-cccc-0123456789ab\}\}/);
    expect(functions.length).toBeGreaterThan(0);
    for (const value of functions) expect(value).toBe(header);
  });

  it('uses the version current at the first deployment when none is pinned', () => {
    const { header, functions } = originVerifyValues(stageWith(null));
    expect(header).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
    for (const value of functions) expect(value).toBe(header);
  });

  it('lets each function read the origin-verify secret for the rotation window, and nothing else of it', () => {
    const template = stageWith(null);
    const [secretId] = ofType(template, 'AWS::SecretsManager::Secret').find(([id]) => id.includes('OriginVerify'))!;
    const policies = ofType(template, 'AWS::IAM::Policy').map(([, policy]) => JSON.stringify(policy.Properties));
    const reading = policies.filter((policy) => policy.includes(`{"Ref":"${secretId}"}`));
    expect(reading.length).toBeGreaterThan(0);
    for (const policy of reading) expect(policy).toContain('"secretsmanager:GetSecretValue"');
  });
});
