import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationItem } from '../../../functions/notifications/item';
import { notificationCollections } from '../../../functions/notifications/keys';
import { notificationPut } from '../../../functions/notifications/writes';
import { testTable } from '../support/table';

/**
 * Gives a user `count` unread notifications the way the event handlers do (the Puts, nothing else:
 * docs/decisions/102). Ids made in one millisecond are not ordered: a test of the order seeds one at a time.
 */
export async function seedNotifications(userId: string, count: number, linkUrl: string | null = null) {
  const { db, tableName } = testTable();
  const ids: string[] = [];
  for (let start = 0; start < count; start += 99) {
    const puts = Array.from({ length: Math.min(99, count - start) }, (_, offset) => {
      const write = notificationPut(userId, {
        title: `Notice ${start + offset + 1}`,
        content: `Content ${start + offset + 1}`,
        linkUrl,
      });
      ids.push((write.Put!.Item as NotificationItem).id);
      return { Put: { ...write.Put!, TableName: tableName } };
    });
    await db.send(new TransactWriteCommand({ TransactItems: puts }));
  }
  return ids;
}

/** Every stored notification of a user, read straight from the table. */
export async function storedNotifications(userId: string): Promise<NotificationItem[]> {
  const { db, tableName } = testTable();
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const items: NotificationItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as NotificationItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
