import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_DELAY_MS, SLOW_FROM_FAILURES, failedPasswordDelayMs, slowAfterFailures } from './failed-password-delay';
import { FAILED_PASSWORDS_PER_ACCOUNT } from './rules';

const sleep = vi.hoisted(() => vi.fn(async (_ms: number) => undefined));
vi.mock('node:timers/promises', () => ({ setTimeout: sleep }));

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

describe('slowAfterFailures', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    sleep.mockClear();
  });

  it("waits the policy's whole delay unless the local stage asks for less", async () => {
    vi.stubEnv('FAILED_PASSWORD_DELAY_PERCENT', '');
    vi.stubEnv('STAGE', 'prod');
    await slowAfterFailures(8, 'request-1');
    await slowAfterFailures(4, 'request-2');
    expect(sleep.mock.calls).toEqual([[2000]]);
  });

  it('waits the asked share of the delay in the local stage', async () => {
    vi.stubEnv('FAILED_PASSWORD_DELAY_PERCENT', '5');
    vi.stubEnv('STAGE', 'local');
    await slowAfterFailures(8, 'request-1');
    await slowAfterFailures(5, 'request-2');
    expect(sleep.mock.calls).toEqual([[100], [12.5]]);
  });

  it('refuses a shorter wait outside the local stage, and a share that is not a whole percent from 1 to 100', async () => {
    vi.stubEnv('STAGE', 'prod');
    vi.stubEnv('FAILED_PASSWORD_DELAY_PERCENT', '5');
    await expect(slowAfterFailures(8, 'request-1')).rejects.toThrow('for the local stage only');
    vi.stubEnv('STAGE', 'local');
    for (const given of ['0', 'five', '101', '2.5']) {
      vi.stubEnv('FAILED_PASSWORD_DELAY_PERCENT', given);
      await expect(slowAfterFailures(8, 'request-1')).rejects.toThrow(`not '${given}'`);
    }
    expect(sleep).not.toHaveBeenCalled();
  });
});
