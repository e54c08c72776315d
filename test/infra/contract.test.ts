import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../shared/contract/endpoint';
import { routes } from '../../functions/routes';
import { handlerEntry } from '../../infra/local/build-functions';
import { READ_BUDGETS, routeKey } from '../integration/budgets/read-budgets';
import { ofType, synthStage } from './synth-stage';

const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../shared/contract');

/** Every endpoint every module of shared/contract/ declares (each an export of its own), by `<file>.<name>`. */
async function contractEndpoints(): Promise<[string, Endpoint][]> {
  const files = readdirSync(CONTRACT_DIR).filter((file) => file.endsWith('.ts') && file !== 'endpoint.ts' && !file.endsWith('.test.ts'));
  const found: [string, Endpoint][] = [];
  for (const file of files) {
    const module = (await import(path.join(CONTRACT_DIR, file))) as Record<string, Endpoint>;
    for (const [name, endpoint] of Object.entries(module)) found.push([`${file}.${name}`, endpoint]);
  }
  return found;
}

describe('the contract: every endpoint of shared/contract/ is served', async () => {
  const endpoints = await contractEndpoints();
  const { stage } = synthStage('pr-1');
  const cdkRouteKeys = new Set(ofType(stage, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey as string));

  it('declares endpoints (the scan finds them)', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(routes.length);
  });

  it.each(endpoints)('%s has one route, its handler file, a CDK route and, for a GET, a call budget', (_, endpoint) => {
    const served = routes.filter((route) => route.endpoint === endpoint);
    expect(served, 'entries of functions/routes.ts serving it').toHaveLength(1);
    const route = served[0]!;
    expect(existsSync(handlerEntry(route.handler)), `functions/handlers/${route.handler}.ts`).toBe(true);
    expect(cdkRouteKeys.has(routeKey(endpoint)), `API Gateway route ${routeKey(endpoint)}`).toBe(true);
    if (endpoint.method === 'GET') expect(READ_BUDGETS[routeKey(endpoint)], `call budget of ${routeKey(endpoint)} in test/integration/budgets/read-budgets.ts`).toBeTypeOf('number');
  });

  it("takes every route's method and path from its endpoint, and serves each endpoint once", () => {
    for (const route of routes) expect(routeKey(route)).toBe(routeKey(route.endpoint));
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
    expect(routes.every((route) => endpoints.some(([, endpoint]) => endpoint === route.endpoint))).toBe(true);
  });
});
