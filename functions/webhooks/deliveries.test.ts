import { describe, expect, it } from 'vitest';
import { ATTEMPTS_MAX, nextTryAt } from './deliveries';

describe("a delivery's tries", () => {
  it("waits Svix's schedule after each failed try, then stops: 8 tries in all", () => {
    const minute = 60_000;
    const hour = 60 * minute;
    const waits = Array.from({ length: ATTEMPTS_MAX }, (_, index) => nextTryAt(index + 1, 0));
    expect(waits).toEqual([5_000, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour, undefined]);
    expect(ATTEMPTS_MAX).toBe(8);
  });
});
