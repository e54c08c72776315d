import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { TABLE_NAME } from '../db/client';
import { DatabaseBusyError, isDatabaseUnavailable } from '../db/faults';
import { keys } from '../db/keys';
import { eachNewItem } from '../db/stream-batch';
import { type TransactItem, failedConditionIndexes, transactWrite } from '../db/transactions';
import { type NotificationEventItem, eventNotification } from './event';
import type { NotificationItem } from './item';
import { unreadIncrement } from './writes';

/** Recipients per transaction: two writes each, so one transaction stays at half DynamoDB's 100-item limit. */
export const RECIPIENTS_PER_TRANSACTION = 25;
/** Tries of one transaction the database keeps refusing as busy (throttled, failing) before the batch is retried. */
export const MAX_BUSY_ATTEMPTS = 4;

/**
 * The notification's Put on condition it does not exist yet: a redelivered event names the same
 * id (eventNotification), so the second Put fails and the counter beside it is not raised again.
 */
function firstNotificationPut(notification: NotificationItem): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...keys.notification(notification.userId, notification.id), ...notification },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * One transaction for a few recipients: per recipient the notification if it is new and +1 on
 * their counter if they still exist. A failed condition (already notified, or a user removed since
 * the change) cancels the whole transaction and names the recipient: the rest is written again
 * without them. Answers how many were notified now.
 */
async function notifyOnce(orgId: string, notifications: NotificationItem[]): Promise<number> {
  let pending = notifications;
  for (let busy = 0; pending.length > 0; ) {
    try {
      await transactWrite(pending.flatMap((notification) => [firstNotificationPut(notification), unreadIncrement(orgId, notification.userId)]));
      return pending.length;
    } catch (error) {
      const failed = failedConditionIndexes(error);
      if (failed.size > 0) {
        pending = pending.filter((_, index) => !failed.has(2 * index) && !failed.has(2 * index + 1));
        continue;
      }
      if (!isDatabaseUnavailable(error)) throw error;
      busy += 1;
      if (busy >= MAX_BUSY_ATTEMPTS) throw new DatabaseBusyError(`Notifications of ${pending.length} recipients not written after ${busy} attempts`);
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** busy * (0.5 + Math.random())));
    }
  }
  return 0;
}

/** Every recipient of an event gets its notification and +1 on its counter, exactly once however often it runs. */
export async function notifyRecipients(event: NotificationEventItem): Promise<number> {
  let notified = 0;
  for (let start = 0; start < event.recipientIds.length; start += RECIPIENTS_PER_TRANSACTION) {
    const chunk = event.recipientIds.slice(start, start + RECIPIENTS_PER_TRANSACTION);
    notified += await notifyOnce(event.orgId, chunk.map((userId) => eventNotification(event, userId)));
  }
  return notified;
}

/** The fan-out of a stream batch of notification events (functions/notifications/fan-out-handler.ts). */
export function fanOutNotifications(records: DynamoDBRecord[], log: (entry: Record<string, unknown>) => void): Promise<DynamoDBBatchResponse> {
  return eachNewItem<NotificationEventItem>(
    records,
    async (event) => {
      if (event.type !== 'EVENT') return;
      const notified = await notifyRecipients(event);
      log({ level: 'info', source: 'fan-out', eventId: event.id, orgId: event.orgId, recipients: event.recipientIds.length, notified });
    },
    (event, error) => log({ level: 'error', source: 'fan-out', eventId: event.id, error: String((error as Error)?.message ?? error) }),
  );
}
