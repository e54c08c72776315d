import { clockOffsetMs as offset } from './local-stage';

/**
 * The time project changes and the dashboard go by. A local or test host may shift it by a fixed
 * offset (GROWTHWISE_CLOCK_OFFSET_MS, local-stage.ts) so that 'today', overdue and due-soon are tested
 * on a known date; an offset rather than a start instant, so every handler bundle agrees on the time.
 * In Lambda the offset is 0, and no request can move the clock.
 */
export const now = (): Date => new Date(Date.now() + offset());

/**
 * The `ttl` attribute (epoch seconds) that drops an item at `atMs` of our time. DynamoDB compares
 * it with its own clock, which no offset shifts, so this is the one place our time becomes the
 * database's; reads that hide items DynamoDB has not deleted yet compare with `ttlAt(now())` too.
 */
export const ttlAt = (atMs: number | Date): number => Math.ceil((Number(atMs) - offset()) / 1000);

/** Today's date in UTC, 'YYYY-MM-DD' (the form due dates are stored in). */
export const today = (): string => now().toISOString().slice(0, 10);

/** The real time (epoch ms), never shifted: for what another service's clock decides, such as when STS credentials expire. */
export const realTime = (): number => Date.now();
