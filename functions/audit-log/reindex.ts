import { type QueryCommandOutput, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { AuditItem } from './entries';
import { auditActorKey, auditLogCollections, auditLogKeys } from './keys';

/**
 * Gives an organization's audit entries written before docs/decisions/062 their `auditActorKey`,
 * which every entry is now written with, so the person filter (a Query of the `auditByActor`
 * index) finds them too. Idempotent: an entry that has the key is left alone, and the update is
 * conditional on the key still missing. The log is read 1 MB at a time, only the keys and actor.
 * Audit items are never changed by the functions (IAM denies it): this runs with the operator's
 * credentials, and adds an index attribute, nothing an entry records.
 */
export async function reindexAuditEntriesOfOrganization(orgId: string): Promise<{ entries: number; updated: number }> {
  const { PK, prefix } = auditLogCollections.auditOfOrganization(orgId);
  const ofOrganization = keyBeginsWith('SK', prefix);
  let entries = 0;
  let updated = 0;
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: `PK = :pk AND ${ofOrganization.expression}`,
        ExpressionAttributeValues: { ':pk': PK, ...ofOrganization.values },
        ProjectionExpression: 'id, actor, auditActorKey',
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const entry of (page.Items ?? []) as Pick<AuditItem, 'id' | 'actor' | 'auditActorKey'>[]) {
      entries += 1;
      if (entry.auditActorKey !== undefined) continue;
      const written = await conditionHeld(
        db.send(
          new UpdateCommand({
            TableName: TABLE_NAME,
            Key: auditLogKeys.auditEntry(orgId, entry.id),
            ...updateExpression(
              { set: { auditActorKey: auditActorKey(orgId, entry.actor.id) } },
              { expression: 'attribute_exists(PK) AND attribute_not_exists(auditActorKey)' },
            ),
          }),
        ),
      );
      if (written) updated += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return { entries, updated };
}
