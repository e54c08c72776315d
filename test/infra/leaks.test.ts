import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../../infra/stages';
import { type Resources, ofType, resourcesOf, synthStage } from './synth-stage';

/** Per-account resources with small quotas: they live in the shared stack, never in a stage's. */
const ACCOUNT_QUOTA_TYPES = [
  'AWS::CloudFront::Function',
  'AWS::CloudFront::CachePolicy',
  'AWS::CloudFront::OriginRequestPolicy',
  'AWS::CloudFront::ResponseHeadersPolicy',
  'AWS::CloudFront::KeyValueStore',
];

/** Every logical id a value refers to (Ref, Fn::GetAtt, ${Sub}). */
function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) references(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else if (key === 'Fn::Sub')
        for (const match of JSON.stringify(inner).matchAll(/\$\{([A-Za-z0-9]+)[.}]/g)) into.add(match[1]!);
      else references(inner, into);
    }
  }
  return into;
}

function findCycle(resources: Resources): string[] | undefined {
  const edges = new Map(
    Object.entries(resources).map(([id, resource]) => {
      const dependsOn = [resource.DependsOn ?? []].flat();
      return [id, [...references(resource.Properties), ...dependsOn].filter((target) => target in resources)];
    }),
  );
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe.each(['prod', 'pr-1'])('stage %s leaks nothing', (name) => {
  const { app, stage, shared } = synthStage(name);
  const rules = stageConfig(name).rules;
  const resources = resourcesOf(stage);
  const logGroups = new Set(ofType(stage, 'AWS::Logs::LogGroup').map(([id]) => id));

  it("creates every log group itself, with the stage's retention, and removes it as the stage says", () => {
    for (const [id, group] of ofType(stage, 'AWS::Logs::LogGroup')) {
      expect(group.Properties?.RetentionInDays, id).toBe(rules.logRetention);
      expect(group.DeletionPolicy, id).toBe(name === 'prod' ? 'Retain' : 'Delete');
    }
  });

  it("sends every function's logs, CDK's own handlers included, to one of those log groups", () => {
    const functions = ofType(stage, 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) {
      const target = (fn.Properties?.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
      expect(target && logGroups.has(target), `${id} logs to a log group of the stack`).toBe(true);
    }
    const [, apiStage] = ofType(stage, 'AWS::ApiGatewayV2::Stage')[0]!;
    const accessLogs = JSON.stringify((apiStage.Properties?.AccessLogSettings as { DestinationArn: unknown }).DestinationArn);
    expect([...logGroups].some((id) => accessLogs.includes(`"${id}"`))).toBe(true);
  });

  it('creates nothing that counts against an account-wide CloudFront quota', () => {
    for (const type of ACCOUNT_QUOTA_TYPES) expect(ofType(stage, type), type).toEqual([]);
    expect(ofType(shared, 'AWS::CloudFront::Function')).toHaveLength(1);
    expect(ofType(shared, 'AWS::CloudFront::ResponseHeadersPolicy')).toHaveLength(1);
  });

  it('has no dependency cycle (the functions learn the site URL from the distribution)', () => {
    expect(findCycle(resources)).toBeUndefined();
  });

  it("passes cdk-nag's AwsSolutions pack, every acknowledgement with its reason", () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map(
        (violation) => `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
    const acknowledged = app.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata.filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY),
      )
      .flatMap((entry) => Object.entries(entry.data as Record<string, { reason?: string } | string>));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [rule, value] of acknowledged) {
      const reason = typeof value === 'string' ? value : value.reason;
      expect(reason?.length ?? 0, rule).toBeGreaterThan(30);
    }
  });
});
