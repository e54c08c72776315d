import { requestScoped } from '../observability/request-scope';

/**
 * DynamoDB round trips per request, and how long at least one of them was under way (concurrent
 * calls count once): for the request's log line, the call budgets' x-db-calls, and the bench, which
 * tells a handler's own cost from the time its route's calls take (docs/decisions/021h).
 */
interface CallStats {
  calls: number;
  /** Read capacity units the reads consumed, counted only where measured (EXPOSE_DB_CALLS). */
  readUnits: number;
  /** Each read, in order, as `<operation>:<strong|eventual>` (measured with readUnits). */
  reads: string[];
  inFlight: number;
  busySince: number;
  busyMs: number;
}

const store = requestScoped<CallStats>();

export const runCounting = <T>(fn: () => Promise<T>) => store.run({ calls: 0, readUnits: 0, reads: [], inFlight: 0, busySince: 0, busyMs: 0 }, fn);

/** A call starts (retries and their backoff included until `done`); call the answer when it has ended, however it ended. */
export function startCall(): () => void {
  const stats = store.get();
  if (!stats) return () => undefined;
  stats.calls += 1;
  if (stats.inFlight === 0) stats.busySince = performance.now();
  stats.inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    stats.inFlight -= 1;
    if (stats.inFlight === 0) stats.busyMs += performance.now() - stats.busySince;
  };
}

export const callsSoFar = () => store.get()?.calls ?? 0;

export function countReadUnits(units: number) {
  const stats = store.get();
  if (stats) stats.readUnits += units;
}

export const readUnitsSoFar = () => store.get()?.readUnits ?? 0;

/** A read and whether it asked for strong consistency (docs/data-model.md, Read consistency). */
export function countRead(operation: string, strong: boolean) {
  store.get()?.reads.push(`${operation}:${strong ? 'strong' : 'eventual'}`);
}

export const readsSoFar = (): readonly string[] => store.get()?.reads ?? [];

/** Milliseconds so far with a DynamoDB call under way, a call still running counted up to now. */
export function dbTimeSoFar(): number {
  const stats = store.get();
  if (!stats) return 0;
  return stats.busyMs + (stats.inFlight > 0 ? performance.now() - stats.busySince : 0);
}
