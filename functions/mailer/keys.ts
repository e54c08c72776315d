import type { Key } from '../db/keys';
import type { IndexName } from '../db/table-definition';

/** The keys of the outbox's mails (docs/data-model.md, Mail). */
export const mailerKeys = {
  /** One mail waiting to be sent (the transactional outbox); its own partition, so the stream filter is one prefix. */
  outbox: (outboxId: string): Key => ({ PK: `OUTBOX#${outboxId}`, SK: 'OUTBOX' }),
} as const;

/**
 * An outbox item's next try, as its keys in the weeklyDigest index (docs/decisions/071): one
 * partition per hour of the time it is due, sorted by that time, so the sweeper reads the few hours
 * behind it with a Query each and never scans. `OUTBOX_DUE#` partitions never meet a week's `DIGEST#`.
 */
export const OUTBOX_DUE_INDEX = 'weeklyDigest' satisfies IndexName;
export const OUTBOX_DUE_PREFIX = 'OUTBOX_DUE#';
export const outboxDueKeys = (hour: string, dueAt: number, outboxId: string) => ({
  digestKey: `${OUTBOX_DUE_PREFIX}${hour}`,
  digestSort: `${String(dueAt).padStart(15, '0')}#${outboxId}`,
});
