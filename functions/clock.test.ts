import { afterEach, describe, expect, it, vi } from 'vitest';
import { now, today, ttlAt } from './clock';

const DAY = 86_400_000;

afterEach(() => vi.unstubAllEnvs());

describe('the functions’ clock', () => {
  it('is shifted by a test host’s offset, and "today" with it', () => {
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', String(-3 * DAY));
    expect(now().getTime() - Date.now()).toBeLessThanOrEqual(-3 * DAY + 5);
    expect(today()).toBe(new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10));
  });

  it('ignores the offset in Lambda, so no setting can move production time', () => {
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', String(-3 * DAY));
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs20.x');
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('gives DynamoDB a ttl on its own (unshifted) clock: an item stored for a day on a shifted host outlives today in real time', () => {
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', String(-600 * DAY));
    const ttl = ttlAt(now().getTime() + DAY);
    expect(ttl * 1000 - Date.now()).toBeGreaterThan(DAY - 1000);
    expect(ttl * 1000 - Date.now()).toBeLessThanOrEqual(DAY + 1000);
  });

  it('refuses an offset that is not a number', () => {
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', 'soon');
    expect(() => now()).toThrow(/not a number/);
  });
});
