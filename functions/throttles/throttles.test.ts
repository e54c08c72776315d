import { describe, expect, it } from 'vitest';
import { updateExpression } from '../db/update-expression';
import {
  FAILED_PASSWORDS_PER_ACCOUNT,
  FAILED_SIGN_INS_PER_ADDRESS,
  INVITATION_LINKS_PER_ADDRESS,
  PASSWORD_RESETS_PER_CLIENT,
  REGISTRATIONS_PER_ADDRESS,
  type ThrottleRule,
} from './rules';
import {
  WindowMoved,
  countInFixedWindows,
  fixedWindowCount,
  fixedWindowKey,
  fixedWindowRetryAfter,
  retryAfterSeconds,
  throttleCounter,
  windowMoved,
} from './throttles';

const rule: ThrottleRule<'sliding'> = { name: 'TEST', limit: 10, windowMs: 15 * 60 * 1000, window: 'sliding' };
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
    expect(throttleCounter(rule, ' A@Example.com ', windowStart).key).toEqual(
      throttleCounter(rule, 'a@example.com', windowStart).key,
    );
  });

  it('counts every address of one IPv6 /64 as one client under a per-address rule, and an email as itself under others', () => {
    const perAddress: ThrottleRule<'sliding'> = { ...rule, perClientAddress: true };
    const one = throttleCounter(perAddress, '2001:db8:1:2::1', windowStart).key;
    expect(throttleCounter(perAddress, '2001:db8:1:2:ffff::9', windowStart).key).toEqual(one);
    expect(throttleCounter(perAddress, '2001:db8:1:3::1', windowStart).key).not.toEqual(one);
    expect(throttleCounter(rule, '2001:db8:1:2::1', windowStart).key).not.toEqual(one);
    const fixedPerAddress: ThrottleRule<'fixed'> = {
      name: 'test-fixed',
      limit: 3,
      windowMs: 1000,
      window: 'fixed',
      perClientAddress: true,
    };
    expect(fixedWindowKey(fixedPerAddress, '2001:db8:1:2::1')).toEqual(fixedWindowKey(fixedPerAddress, '2001:db8:1:2::2'));
  });

  it('counts sign-in failures, registrations, invitation links and reset requests per client network, account failures per email', () => {
    const perNetwork = [
      FAILED_SIGN_INS_PER_ADDRESS,
      REGISTRATIONS_PER_ADDRESS,
      INVITATION_LINKS_PER_ADDRESS,
      PASSWORD_RESETS_PER_CLIENT,
    ];
    expect(perNetwork.map((perAddress) => perAddress.perClientAddress)).toEqual([true, true, true, true]);
    expect(FAILED_PASSWORDS_PER_ACCOUNT.perClientAddress).toBeUndefined();
  });

  it("keeps the stored counters' keys: ATTEMPTS#<name>#<subject>#<window>", () => {
    const counter = throttleCounter(rule, 'A@Example.com', windowStart + 60_000);
    expect(counter.key).toEqual({ PK: 'ATTEMPTS#TEST#a@example.com#1000', SK: 'ATTEMPTS' });
    expect(counter.previousKey).toEqual({ PK: 'ATTEMPTS#TEST#a@example.com#999', SK: 'ATTEMPTS' });
  });
});

describe('fixed-window throttle', () => {
  const fixed: ThrottleRule<'fixed'> = { name: 'test-fixed', limit: 3, windowMs: 60 * 60 * 1000, window: 'fixed' };
  const now = 1_700_000_000_000;

  it("keeps the stored counter's key: THROTTLE#<name>#<subject>", () => {
    expect(fixedWindowKey(fixed, ' A@Example.com ')).toEqual({ PK: 'THROTTLE#test-fixed#a@example.com', SK: 'THROTTLE' });
  });

  it('allows below the limit and refuses at it until the window closes', () => {
    const windowEndsAt = now + 10 * 60_000;
    expect(fixedWindowRetryAfter(fixed, undefined, now)).toBeUndefined();
    expect(fixedWindowRetryAfter(fixed, { count: 2, windowEndsAt }, now)).toBeUndefined();
    expect(fixedWindowRetryAfter(fixed, { count: 3, windowEndsAt }, now)).toBe(10 * 60);
    expect(fixedWindowRetryAfter(fixed, { count: 3, windowEndsAt }, windowEndsAt)).toBeUndefined();
  });

  it('counts into an open window only while it is as read and below the limit, and starts a new one only when none is open', () => {
    const open = fixedWindowCount(fixed, 'a@example.com', { count: 1, windowEndsAt: now + 1000 }, now);
    expect(open.Update).toMatchObject(
      updateExpression(
        { add: { count: 1 } },
        {
          expression: 'windowEndsAt = :ends AND #count < :limit',
          names: { '#count': 'count' },
          values: { ':ends': now + 1000, ':limit': 3 },
        },
      ),
    );
    const started = fixedWindowCount(fixed, 'a@example.com', { count: 3, windowEndsAt: now }, now);
    const windowEndsAt = now + fixed.windowMs;
    expect(started.Put?.Item).toEqual({
      PK: 'THROTTLE#test-fixed#a@example.com',
      SK: 'THROTTLE',
      type: 'THROTTLE',
      count: 1,
      windowEndsAt,
      ttl: windowEndsAt / 1000,
    });
    expect(started.Put?.ConditionExpression).toBe('attribute_not_exists(PK) OR windowEndsAt <= :now');
  });

  it("tells a moved window from the transaction's other failed conditions, and runs the attempt again while it moves", async () => {
    expect(windowMoved(new Set([0]), [0, 1])).toBeInstanceOf(WindowMoved);
    expect(windowMoved(new Set([3]), [0, 1])).toBeUndefined();
    let rounds = 0;
    const answer = await countInFixedWindows(async () => {
      rounds += 1;
      if (rounds < 3) throw new WindowMoved();
      return 'counted';
    });
    expect([answer, rounds]).toEqual(['counted', 3]);
    await expect(countInFixedWindows(() => Promise.reject(new Error('other')))).rejects.toThrow('other');
  });
});
