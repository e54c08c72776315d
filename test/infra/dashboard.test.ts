import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS_METRICS, metricsNamespace } from '../../functions/observability/metric-names';
import { routes } from '../../functions/routes';
import { RUNBOOK } from '../../infra/constructs/alarms';
import { ALARM_WIDGETS, WIDGETS } from '../../infra/constructs/dashboard';
import { type Resources, ofType, synthStage } from './synth-stage';

/** The dashboard body is a JSON string CloudFormation joins from parts (tokens for ids): read it as text. */
function dashboardBody(stage: string): string {
  const dashboards = synthStage(stage).stage.findResources('AWS::CloudWatch::Dashboard') as Resources;
  expect(Object.keys(dashboards)).toHaveLength(1);
  const [dashboard] = Object.values(dashboards);
  return JSON.stringify(dashboard!.Properties!.DashboardBody);
}

describe('the dashboard of a stage', () => {
  it.each(['prod', 'pr-7'])('%s has one dashboard named for the stage, with every widget', (stage) => {
    const dashboards = synthStage(stage).stage.findResources('AWS::CloudWatch::Dashboard');
    expect(Object.values(dashboards).map((resource) => resource.Properties.DashboardName)).toEqual([`Growthwise-${stage}`]);
    const body = dashboardBody(stage);
    for (const title of Object.values(WIDGETS)) expect(body, title).toContain(`\\"title\\":\\"${title}\\"`);
  });

  it("graphs every business metric in the stage's own namespace, and the cold starts per function", () => {
    const body = dashboardBody('pr-7');
    for (const name of Object.keys(BUSINESS_METRICS))
      expect(body).toContain(`[\\"${metricsNamespace('pr-7')}\\",\\"${name}\\",\\"service\\",\\"growthwise\\"`);
    expect(body).not.toContain(metricsNamespace('prod'));
    expect(body).toContain(`SEARCH('{${metricsNamespace('pr-7')},function_name,service} MetricName=\\\\\\"ColdStart\\\\\\"'`);
  });

  it("graphs p95 duration, errors, throttles and concurrency of every route's function", () => {
    const body = dashboardBody('prod');
    for (const route of routes) expect(body).toContain(`${route.method} ${route.path}`);
    for (const metric of [
      'Duration',
      'Errors',
      'Throttles',
      'ConcurrentExecutions',
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ThrottledRequests',
      'SystemErrors',
      '5xx',
      '4xx',
      'Latency',
      'Count',
    ]) {
      expect(body).toContain(`\\"${metric}\\"`);
    }
  });

  it('has a widget for every alarm of the runbook, and docs/runbook.md links each alarm to it', () => {
    expect(Object.keys(ALARM_WIDGETS).sort()).toEqual(Object.keys(RUNBOOK).sort());
    const runbook = readFileSync(path.resolve(import.meta.dirname, '../../docs/runbook.md'), 'utf8');
    for (const [alarm, title] of Object.entries(ALARM_WIDGETS)) {
      expect(Object.values(WIDGETS)).toContain(title);
      expect(runbook).toContain(`| ${RUNBOOK[alarm as keyof typeof RUNBOOK]} | ${title} |`);
    }
  });
});

describe('tracing', () => {
  it('every route function runs with Lambda active tracing', () => {
    const described = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const functions = ofType(synthStage('prod').stage, 'AWS::Lambda::Function').filter(([, resource]) =>
      described.has(resource.Properties?.Description as string),
    );
    expect(functions).toHaveLength(routes.length);
    for (const [id, resource] of functions) expect(resource.Properties?.TracingConfig, id).toEqual({ Mode: 'Active' });
  });
});
