import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { AuditItem } from '../../../functions/audit-log/entries';
import { auditActorKey, auditLogKeys } from '../../../functions/audit-log/keys';
import type { AuditAction, AuditActor, AuditTarget } from '../../../shared/schemas/audit-log';
import { testTable } from '../support/table';

export interface SeededEntry {
  at: Date;
  action?: AuditAction;
  actor?: AuditActor;
  target?: AuditTarget;
  userAgent?: string;
  details?: AuditItem['details'];
}

/**
 * Writes entries straight into an organization's log, dated as given (the id is a ULID of that
 * time, as auditPut makes it): for reading tests that need many entries or entries of past days.
 * Answers the stored items, in the order given.
 */
export async function seedAuditEntries(orgId: string, entries: SeededEntry[]): Promise<AuditItem[]> {
  const { db, tableName } = testTable();
  const items: AuditItem[] = entries.map((entry) => {
    const id = ulid(entry.at.getTime());
    const actor = entry.actor ?? { id: 'seed-actor', fullName: 'Seed Actor', username: 'seed@example.com' };
    return {
      type: 'AUDIT',
      id,
      orgId,
      at: entry.at.toISOString(),
      actor,
      action: entry.action ?? 'session.signed_in',
      target: entry.target ?? { type: 'user', id: 'seed-actor', label: 'Seed Actor' },
      clientAddress: '192.0.2.44',
      userAgent: entry.userAgent ?? 'seed-agent',
      details: entry.details ?? {},
      auditActorKey: auditActorKey(orgId, actor.id),
      ttl: Math.floor(Date.now() / 1000) + 3600,
    };
  });
  const writeBatch = async (start: number) => {
    const batch = items
      .slice(start, start + 25)
      .map((item) => ({ PutRequest: { Item: { ...auditLogKeys.auditEntry(orgId, item.id), ...item } } }));
    let unprocessed: Record<string, unknown[]> | undefined = { [tableName]: batch };
    while (unprocessed && Object.keys(unprocessed).length > 0) {
      const out = await db.send(new BatchWriteCommand({ RequestItems: unprocessed as never }));
      unprocessed = out.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  };
  // Four batches in flight: 5,001 entries are 201 batches, one after another a good part of a test's time on a busy machine.
  for (let start = 0; start < items.length; start += 25 * 4) {
    await Promise.all(
      [0, 1, 2, 3]
        .map((lane) => start + lane * 25)
        .filter((first) => first < items.length)
        .map(writeBatch),
    );
  }
  return items;
}
