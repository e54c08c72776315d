import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { projectKeys } from '../../../functions/projects/keys';
import { testTable } from './table';

/** Every project, member set and membership stored for an organization and these members, read strongly: what a migration's second run must leave as its first did. */
export async function storedProjectItems(orgId: string, userIds: string[]) {
  const { db, tableName } = testTable();
  const partitions = [`ORG#${orgId}`, ...userIds.map((id) => projectKeys.membership(orgId, id, '').PK)];
  const items = await Promise.all(
    partitions.map(
      async (pk) =>
        (
          await db.send(
            new QueryCommand({
              TableName: tableName,
              KeyConditionExpression: 'PK = :pk',
              ExpressionAttributeValues: { ':pk': pk },
              ConsistentRead: true,
            }),
          )
        ).Items!,
    ),
  );
  db.destroy();
  return items.flat().filter((item) => String(item.SK).startsWith('PROJECT#') || String(item.SK).startsWith('MEMBERS#'));
}
