import { inject } from 'vitest';

/**
 * The time the functions go by (functions/clock.ts, shifted by the run's GROWTHWISE_CLOCK_OFFSET_MS):
 * every time they store (created, expires, last used, ttl, throttle windows) is in it, so a test that
 * writes or checks such a time uses it instead of Date.now().
 */
export const functionsNow = () => Date.now() + inject('clockOffsetMs');
