import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import type { IndexName } from './table-definition';

/**
 * Later tries kept in the weekly-digest index (docs/decisions/071, 106): an item due at `dueAt` has
 * `digestKey` = `<prefix><YYYY-MM-DDTHH of dueAt>` and `digestSort` = `<dueAt, 15 digits>#<id>`, one
 * partition per hour, so a sweeper reads the few hours behind it with a Query each and never scans.
 */
export const DUE_TRIES_INDEX = 'weeklyDigest' satisfies IndexName;

const HOUR = 60 * 60 * 1000;
const hourOf = (at: number) => new Date(at).toISOString().slice(0, 13);

/** The index keys that make `id` due at `dueAt` under `prefix`. */
export const dueTryKeys = (prefix: string, dueAt: number, id: string) => ({
  digestKey: `${prefix}${hourOf(dueAt)}`,
  digestSort: `${String(dueAt).padStart(15, '0')}#${id}`,
});

/** The time and id a due sort key names. */
export const dueTryOf = (digestSort: string) => ({ dueAt: Number(digestSort.slice(0, 15)), id: digestSort.slice(16) });

/**
 * The tries due by `now` under `prefix` in the last `lookbackHours` (a stopped sweeper catches up on
 * that much), oldest hour first: one Query per hour partition. The index is eventually consistent:
 * the sweeper reads each item again.
 */
export async function dueTries(prefix: string, now: number, lookbackHours: number): Promise<{ dueAt: number; id: string }[]> {
  const hours = Array.from({ length: lookbackHours + 1 }, (_, index) => hourOf(now - (lookbackHours - index) * HOUR));
  const pages = await Promise.all(
    hours.map((hour) =>
      db.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          IndexName: DUE_TRIES_INDEX,
          KeyConditionExpression: 'digestKey = :pk AND digestSort <= :due',
          ExpressionAttributeValues: { ':pk': `${prefix}${hour}`, ':due': `${String(now).padStart(15, '0')}#~` },
          ProjectionExpression: 'digestSort',
        }),
      ),
    ),
  );
  return pages.flatMap((page) => (page.Items ?? []).map((entry) => dueTryOf(String(entry.digestSort))));
}
