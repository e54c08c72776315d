import { describe, expect, it } from 'vitest';
import { type RouteDefinition, routes } from '../../functions/routes';
import { type RouteKey, stageConfig, stages } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes anyone can call without a session that change something: sign-in, registration, and any the contract marks `auth: 'none'`. */
const publicWrites = routes
  .filter((route) => WRITES.has(route.method))
  .filter((route: RouteDefinition) =>
    route.endpoint ? route.endpoint.auth === 'none' : ['/api/login', '/api/register'].includes(route.path),
  )
  .map((route) => `${route.method} ${route.path}` as RouteKey);

function stageSettings(name: string) {
  const stage = ofType(synthStage(name).stage, 'AWS::ApiGatewayV2::Stage')[0]![1];
  return { Properties: stage.Properties!, DependsOn: [stage.DependsOn ?? []].flat() };
}

describe('throttles: per stage and per route', () => {
  it("gives every public write route a limit tighter than its stage's default", () => {
    expect(publicWrites).toEqual(expect.arrayContaining(['POST /api/login', 'POST /api/register']));
    for (const name of ['prod', 'pr-1']) {
      const { throttle } = stageConfig(name);
      for (const key of publicWrites) {
        const limit = throttle.routes[key];
        expect(limit, `${name}: ${key}`).toBeDefined();
        expect(limit!.rateLimit).toBeLessThan(throttle.default.rateLimit);
        expect(limit!.burstLimit).toBeLessThan(throttle.default.burstLimit);
      }
    }
  });

  it('lets prod take more traffic than a preview', () => {
    const preview = stageConfig('pr-1').throttle;
    expect(stages.prod.throttle.default.rateLimit).toBeGreaterThan(preview.default.rateLimit);
    expect(stages.prod.throttle.default.burstLimit).toBeGreaterThan(preview.default.burstLimit);
  });

  it('puts the stage default and each route limit on the API stage, after the routes exist', () => {
    for (const name of ['prod', 'pr-1']) {
      const { throttle } = stageConfig(name);
      const stage = stageSettings(name);
      expect(stage.Properties.DefaultRouteSettings).toMatchObject({
        ThrottlingRateLimit: throttle.default.rateLimit,
        ThrottlingBurstLimit: throttle.default.burstLimit,
      });
      const settings = stage.Properties.RouteSettings as Record<
        string,
        { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
      >;
      expect(Object.keys(settings).sort()).toEqual(Object.keys(throttle.routes).sort());
      for (const [key, limit] of Object.entries(throttle.routes)) {
        expect(settings[key], `${name}: ${key}`).toEqual({
          ThrottlingRateLimit: limit?.rateLimit,
          ThrottlingBurstLimit: limit?.burstLimit,
        });
      }
      const routeIds = new Map(
        ofType(synthStage(name).stage, 'AWS::ApiGatewayV2::Route').map(([id, route]) => [
          route.Properties?.RouteKey as string,
          id,
        ]),
      );
      for (const key of Object.keys(throttle.routes)) expect(stage.DependsOn, key).toContain(routeIds.get(key));
    }
  });
});
