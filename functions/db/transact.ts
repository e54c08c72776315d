import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './client';
import { countMetric } from '../observability/metrics';
import { isTransactionConflict } from './errors';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * TransactWriteItems that retries only when it lost a race with another transaction
 * (TransactionConflict): the retry then meets the winner's writes and its conditions decide.
 */
export async function transactWrite(items: TransactItems): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      const notifications = items.filter((item) => item.Put?.Item?.type === 'NOTIFICATION').length;
      if (notifications > 0) countMetric('NotificationsWritten', notifications);
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}
