import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { STUCK_AFTER_MINUTES, scheduleLaterTry } from './later-tries';
import type { OutboxItem } from './outbox';

const MINUTE = 60_000;

/**
 * The redrive of docs/runbook.md's dead-letters line (an operator's script, scripts/redrive-outbox.ts):
 * gives each outbox item still 'pending' STUCK_AFTER_MINUTES after it was written, not claimed by a
 * live try and due for no try, a later try due now, which the sweeper sends at its next run. Every
 * item written since decision 071 is due for the sweeper's stuck check from the start, so this finds
 * only older ones (and any an operator's hand left without its due keys). The outbox partitions are
 * one item each, so this is a Scan: an operator's tool, never a request's. Running it again finds none of
 * those again: each is due now.
 */
export async function redriveStuckOutboxItems(now = clockNow().getTime()): Promise<{ scanned: number; redriven: string[] }> {
  const redriven: string[] = [];
  let scanned = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression:
          '#type = :outbox AND #status = :pending AND createdAt < :stuck AND attribute_not_exists(digestSort) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: {
          ':outbox': 'OUTBOX',
          ':pending': 'pending',
          ':stuck': new Date(now - STUCK_AFTER_MINUTES * MINUTE).toISOString(),
          ':now': now,
        },
        ExclusiveStartKey: start,
      }),
    );
    scanned += page.ScannedCount ?? 0;
    for (const item of (page.Items ?? []) as OutboxItem[]) {
      await scheduleLaterTry(item.id, now);
      redriven.push(item.id);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { scanned, redriven };
}
