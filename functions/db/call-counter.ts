import { requestScoped } from '../observability/request-scope';

/**
 * DynamoDB round trips per request, and how long at least one of them was under way (concurrent
 * calls count once): for the request's log line, the call budgets' x-db-calls, and the bench, which
 * tells a handler's own cost from the time its route's calls take (docs/decisions/021h).
 */
interface CallStats {
  calls: number;
  /** Read capacity units the reads consumed (DynamoDB's ReturnConsumedCapacity, asked of every call). */
  readUnits: number;
  /** Each read, in order, as `<operation>:<strong|eventual>` (measured with readUnits). */
  reads: string[];
  /** Write capacity units the writes consumed on the table's items and on its indexes. */
  writeUnits: number;
  indexWriteUnits: number;
  /** `PK SK` of every item the request wrote (or tried to). */
  writtenKeys: Set<string>;
  /** TransactWriteItems sent, and how many of them DynamoDB cancelled (a lost race or a failed condition). */
  transactions: number;
  cancelled: number;
  inFlight: number;
  busySince: number;
  busyMs: number;
}

const store = requestScoped<CallStats>();

const freshStats = (): CallStats => ({
  calls: 0,
  readUnits: 0,
  reads: [],
  writeUnits: 0,
  indexWriteUnits: 0,
  writtenKeys: new Set(),
  transactions: 0,
  cancelled: 0,
  inFlight: 0,
  busySince: 0,
  busyMs: 0,
});

export const runCounting = <T>(fn: () => Promise<T>) => store.run(freshStats(), fn);

/**
 * Calls that are not the request's own cost but a warm function's, made in whichever request comes
 * first (the organization budget's sync, at most one a second per function and organization): kept
 * out of the request's counts, so a route's call and unit budgets stay the same whenever they are measured.
 */
export const runUncounted = <T>(fn: () => Promise<T>) => store.run(freshStats(), fn);

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

/** A write's consumed units (table and indexes apart) and the keys it wrote; for a transaction, whether it was cancelled. */
export function countWrite(
  units: { table: number; indexes: number },
  writtenKeys: string[],
  transaction?: { cancelled: boolean },
) {
  const stats = store.get();
  if (!stats) return;
  if (transaction) {
    stats.transactions += 1;
    if (transaction.cancelled) stats.cancelled += 1;
  }
  stats.writeUnits += units.table;
  stats.indexWriteUnits += units.indexes;
  for (const key of writtenKeys) stats.writtenKeys.add(key);
}

/** What the request's writes consumed and which items they wrote (the write budgets' x-db-write-units, x-db-written-keys). */
export const writesSoFar = () => {
  const stats = store.get();
  return {
    units: stats?.writeUnits ?? 0,
    indexUnits: stats?.indexWriteUnits ?? 0,
    keys: [...(stats?.writtenKeys ?? [])],
    transactions: stats?.transactions ?? 0,
    cancelled: stats?.cancelled ?? 0,
  };
};

/** Milliseconds so far with a DynamoDB call under way, a call still running counted up to now. */
export function dbTimeSoFar(): number {
  const stats = store.get();
  if (!stats) return 0;
  return stats.busyMs + (stats.inFlight > 0 ? performance.now() - stats.busySince : 0);
}
