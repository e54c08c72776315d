import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS, SLOW_FROM_FAILURES, failedPasswordDelayMs } from './failed-password-delay';
import { FAILED_PASSWORDS_PER_ACCOUNT } from './rules';

describe('failedPasswordDelayMs', () => {
  it('waits nothing below half the limit, then doubles per failure up to the cap, before the limit refuses', () => {
    const delays = Array.from({ length: FAILED_PASSWORDS_PER_ACCOUNT.limit }, (_, failures) => failedPasswordDelayMs(failures));
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 2000]);
    expect(SLOW_FROM_FAILURES).toBe(5);
  });

  it('counts a fractional sliding-window estimate by its whole failures, and never passes the cap', () => {
    expect(failedPasswordDelayMs(4.9)).toBe(0);
    expect(failedPasswordDelayMs(6.5)).toBe(500);
    expect(failedPasswordDelayMs(1000)).toBe(MAX_DELAY_MS);
  });
});
