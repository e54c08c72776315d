import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PEAK_TO_AVERAGE,
  REQUESTS_PER_USER_HOUR,
  REQUESTS_PER_USER_HOUR_BY_ROUTE,
  SIGN_IN_PEAK_TO_AVERAGE,
} from '../../functions/capacity/request-model';
import {
  DEFAULT_QUOTAS,
  PEOPLE_PER_ADDRESS,
  PROD_LIMITS,
  TARGET_ACTIVE_USERS,
  peakRoutePerSecond,
} from '../../infra/capacity-model';
import { type RouteKey, stages } from '../../infra/stages';

const SCALE = readFileSync(path.resolve(import.meta.dirname, '../../docs/scale.md'), 'utf8');
const prod = stages.prod;
const limitOf = (key: RouteKey) => prod.throttle.routes[key] ?? prod.throttle.default;
const figure = (value: number) => value.toLocaleString('en-US');

describe('prod limits from the request model (docs/scale.md, "Limits from the model")', () => {
  it('lets every modelled route carry its peak for the target active users', () => {
    for (const [key, perUserHour] of Object.entries(REQUESTS_PER_USER_HOUR_BY_ROUTE)) {
      const peak =
        key === 'POST /api/login'
          ? ((TARGET_ACTIVE_USERS * perUserHour) / 3600) * SIGN_IN_PEAK_TO_AVERAGE
          : peakRoutePerSecond(perUserHour);
      expect(limitOf(key as RouteKey).rateLimit, key).toBeGreaterThanOrEqual(peak);
      expect(limitOf(key as RouteKey).burstLimit, key).toBeGreaterThanOrEqual(limitOf(key as RouteKey).rateLimit);
    }
    // The 30-second poll alone: 100,000 open tabs send 3,333 a second on average.
    expect(limitOf('GET /api/notifications/unread/count').rateLimit).toBeGreaterThanOrEqual((TARGET_ACTIVE_USERS * 120) / 3600);
  });

  it("lets one person send a peak hour's 5 minutes past WAF, and an office of PEOPLE_PER_ADDRESS behind one address", () => {
    const personPer5Minutes = (REQUESTS_PER_USER_HOUR / 12) * PEAK_TO_AVERAGE;
    expect(prod.waf.perSessionPer5Minutes).toBeGreaterThanOrEqual(personPer5Minutes);
    expect(prod.waf.perAddressPer5Minutes).toBeGreaterThanOrEqual(personPer5Minutes * PEOPLE_PER_ADDRESS);
    expect(PEOPLE_PER_ADDRESS).toBeGreaterThanOrEqual(1_000);
  });

  it("asks for every account quota the target needs beyond AWS's default, and says so in docs/scale.md", () => {
    const peakTotal = peakRoutePerSecond(REQUESTS_PER_USER_HOUR);
    expect(PROD_LIMITS.quotas.apiGatewayRequestsPerSecond).toBeGreaterThanOrEqual(peakTotal);
    expect(PROD_LIMITS.quotas.apiGatewayRequestsPerSecond).toBeGreaterThan(DEFAULT_QUOTAS.apiGatewayRequestsPerSecond);
    for (const [quota, value] of Object.entries(PROD_LIMITS.quotas)) {
      expect(value, quota).toBeGreaterThanOrEqual(DEFAULT_QUOTAS[quota as keyof typeof DEFAULT_QUOTAS]);
      expect(SCALE, `${quota}: ${figure(value)}`).toContain(figure(value));
    }
  });

  it('writes each derived limit in docs/scale.md, so the page and the stage cannot drift', () => {
    for (const value of [
      prod.throttle.default.rateLimit,
      prod.throttle.default.burstLimit,
      PROD_LIMITS.publicWrites.rateLimit,
      prod.waf.perSessionPer5Minutes,
      prod.waf.perAddressPer5Minutes,
      TARGET_ACTIVE_USERS,
    ])
      expect(SCALE).toContain(figure(value));
  });
});
