import { describe, expect, it } from 'vitest';
import { type ThrottleRule, retryAfterSeconds, throttleCounter } from './attempt-throttles';

const rule: ThrottleRule = { name: 'TEST', limit: 10, windowMs: 15 * 60 * 1000 };
const windowStart = 1_000 * rule.windowMs;

describe('sliding-window throttle estimate', () => {
  it('allows below the limit and refuses at it within one window', () => {
    const counter = throttleCounter(rule, 'A@Example.com', windowStart + 60_000);
    expect(retryAfterSeconds(counter, { current: 9, previous: 0 })).toBeUndefined();
    expect(retryAfterSeconds(counter, { current: 10, previous: 0 })).toBe(14 * 60);
  });

  it("keeps a lock just after a window's end: the previous window still counts almost fully", () => {
    const counter = throttleCounter(rule, 'a@example.com', windowStart + 1_000);
    expect(retryAfterSeconds(counter, { current: 0, previous: 11 })).toBeGreaterThan(60);
  });

  it('lifts the lock as the previous window slides out', () => {
    const counter = throttleCounter(rule, 'a@example.com', windowStart + rule.windowMs / 2);
    expect(retryAfterSeconds(counter, { current: 0, previous: 19 })).toBeUndefined();
    expect(retryAfterSeconds(counter, { current: 0, previous: 20 })).toBe(1);
  });

  it('names the same counters for an email in any case', () => {
    expect(throttleCounter(rule, ' A@Example.com ', windowStart).key).toEqual(throttleCounter(rule, 'a@example.com', windowStart).key);
  });
});
