import { DatabaseBusyError, isDatabaseUnavailable } from './faults';
import { type TransactItem, failedConditionIndexes, transactWrite } from './transactions';

/** Tries of one transaction the database keeps refusing as busy (throttled, failing) before the stream batch is retried. */
export const MAX_BUSY_ATTEMPTS = 4;

/** A transaction for some entries, and which entry each of its items belongs to (undefined: to all of them). */
export interface EntriesTransaction {
  items: TransactItem[];
  entryOf: (itemIndex: number) => number | undefined;
}

/**
 * The stream consumers' write: one transaction for several entries (recipients, events), each
 * guarded by a condition that fails once it has been written. A failed condition cancels the whole
 * transaction and the cancellation reasons name the entry: it is left out and the rest is written
 * again. A database that stays busy is retried with backoff MAX_BUSY_ATTEMPTS times, then
 * DatabaseBusyError fails the stream record and the stream retries it. Answers how many entries
 * were written now.
 */
export async function transactEachOnce<T>(
  entries: T[],
  transactionOf: (pending: T[]) => EntriesTransaction,
  what: string,
): Promise<number> {
  let pending = entries;
  for (let busy = 0; pending.length > 0;) {
    const { items, entryOf } = transactionOf(pending);
    try {
      await transactWrite(items);
      return pending.length;
    } catch (error) {
      const failed = new Set([...failedConditionIndexes(error)].flatMap((index) => entryOf(index) ?? []));
      if (failed.size > 0) {
        pending = pending.filter((_, index) => !failed.has(index));
        continue;
      }
      if (!isDatabaseUnavailable(error)) throw error;
      busy += 1;
      if (busy >= MAX_BUSY_ATTEMPTS)
        throw new DatabaseBusyError(`${what} of ${pending.length} not written after ${busy} attempts`);
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** busy * (0.5 + Math.random())));
    }
  }
  return 0;
}
