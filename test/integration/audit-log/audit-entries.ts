import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditItem } from '../../../functions/audit-log/entries';
import { auditLogCollections } from '../../../functions/audit-log/keys';
import type { AuditAction } from '../../../shared/schemas/audit-log';
import { testTable } from '../support/table';

/** An organization's audit entries as stored, newest first, read straight from the table (not through the route under test). */
export async function storedAuditEntries(orgId: string, action?: AuditAction): Promise<AuditItem[]> {
  const { db, tableName } = testTable();
  const { PK, prefix } = auditLogCollections.auditOfOrganization(orgId);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  const items = (out.Items ?? []) as AuditItem[];
  return action ? items.filter((item) => item.action === action) : items;
}
