import { now, realTime } from '../clock';
import { dueTries } from '../db/due-tries';
import { type TryOutcome, tryDelivery } from './attempt';
import { claimDelivery, readDelivery } from './deliveries';
import { WEBHOOK_DUE_PREFIX, dueDeliveryOf } from './keys';

/**
 * The scheduled sweep, every minute (docs/decisions/114): the deliveries due by now, from the due
 * index's hour partitions, each read again (the index is eventually consistent), claimed and tried.
 * Each organization's endpoint gets at most PER_ENDPOINT tries a sweep and the tries run
 * CONCURRENCY at a time, each within its 10 s: one endpoint with thousands due and no answer takes
 * its share of one sweep, and the rest wait a minute, never another organization's.
 */
export const SWEEP_LOOKBACK_HOURS = 24;
const PER_ENDPOINT = 10;
const PER_SWEEP = 1_000;
const CONCURRENCY = 25;
/** No try starts after this much of the sweep (its function's timeout is 60 s; a try takes at most 10 s, and its record a moment). */
const START_TRIES_WITHIN_MS = 40_000;

export interface SweepResult {
  due: number;
  tried: TryOutcome[];
}

export async function sweepDueDeliveries(): Promise<SweepResult> {
  const startedAt = realTime();
  const at = now().getTime();
  const due = (await dueTries(WEBHOOK_DUE_PREFIX, at, SWEEP_LOOKBACK_HOURS)).sort((a, b) => a.dueAt - b.dueAt);
  const perEndpoint = new Map<string, number>();
  const chosen = due
    .map((entry) => dueDeliveryOf(entry.id))
    .filter((key): key is NonNullable<typeof key> => {
      if (!key) return false;
      const taken = perEndpoint.get(key.webhookId) ?? 0;
      perEndpoint.set(key.webhookId, taken + 1);
      return taken < PER_ENDPOINT;
    })
    .slice(0, PER_SWEEP);
  const tried: TryOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < chosen.length && realTime() - startedAt < START_TRIES_WITHIN_MS) {
      const key = chosen[next++]!;
      const stored = await readDelivery(key);
      if (!stored || stored.status !== 'pending' || (stored.dueAt ?? Infinity) > at) continue;
      const claimed = await claimDelivery(stored, at);
      if (claimed) tried.push(await tryDelivery(claimed));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chosen.length) }, worker));
  return { due: due.length, tried };
}
