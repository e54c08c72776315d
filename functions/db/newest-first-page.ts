import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import { keyBeginsWith } from './key-prefix';
import { openCursor, sealCursor } from './list-cursor';

/**
 * One page of a log whose sort keys grow with time (a rule's runs, an endpoint's deliveries), newest
 * first: one Query, its cursor sealed to the organization and the list (functions/db/list-cursor.ts).
 */
export async function newestFirstPage<T>(
  orgId: string,
  list: readonly unknown[],
  collection: { PK: string; prefix: string },
  pageSize: number,
  cursor: string | undefined,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const range = keyBeginsWith('SK', collection.prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      ExpressionAttributeValues: { ':pk': collection.PK, ...range.values },
      ScanIndexForward: false,
      Limit: pageSize,
      ...(cursor ? { ExclusiveStartKey: await openCursor(cursor, orgId, list) } : {}),
    }),
  );
  const next = out.LastEvaluatedKey as Record<string, string> | undefined;
  return { items: (out.Items ?? []) as T[], nextCursor: next ? await sealCursor(orgId, list, next) : null };
}
