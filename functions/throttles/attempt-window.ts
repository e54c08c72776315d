/**
 * Attempts by one subject (an account's email, a client address) under one throttle rule within one
 * clock-aligned window: `ATTEMPTS#<rule>#<subject>#<window> / ATTEMPTS` (keys.attemptWindow). Never
 * built whole: counting one attempt is a single UpdateItem that creates it (functions/throttles/attempt-throttles.ts).
 */
export interface AttemptWindowItem {
  type: 'ATTEMPTS';
  count: number;
  /** Epoch seconds: kept until its weight as the previous window has slid out too. */
  ttl: number;
}

/** TTL of the window starting at `windowStart` (epoch ms): the end of the window after it. */
export const attemptWindowTtl = (windowStart: number, windowMs: number) => Math.ceil((windowStart + 2 * windowMs) / 1000);

/** The attempts a window's item counts; a window nobody tried in has no item. */
export const attemptsIn = (item: Partial<AttemptWindowItem> | undefined) => (typeof item?.count === 'number' ? item.count : 0);
