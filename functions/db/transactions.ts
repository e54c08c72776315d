import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { countMetric } from '../observability/metrics';
import { db } from './client';

/**
 * Everything about conditional writes and transactions, in one place: the item type, DynamoDB's
 * size limit, whether a write's condition held, which condition failed (by the item's index), and
 * the retry on lost races.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_LIMIT = 100;

type CancellationReasons = { Code?: string }[];

const cancellationReasons = (error: unknown): CancellationReasons =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: CancellationReasons }).CancellationReasons ?? [])
    : [];

/** True when a write or a transaction failed on a ConditionExpression (not on throttling or conflicts). */
export function isConditionFailure(error: unknown): boolean {
  if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return true;
  return cancellationReasons(error).some((reason) => reason.Code === 'ConditionalCheckFailed');
}

/**
 * Whether a conditional write (an UpdateItem, a DeleteItem, a transaction) happened: false when it
 * failed on a condition, which is the data's answer for the caller to act on; any other error is thrown.
 */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  return (await conditionHeldAnswer(write.then(() => true))) ?? false;
}

/** The same for a write whose answer the caller needs (ReturnValues, a transaction's result): undefined when it failed on a condition. */
export async function conditionHeldAnswer<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** True when a transaction lost a race with another transaction on the same items. */
export function isTransactionConflict(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  return cancellationReasons(error).some((reason) => reason.Code === 'TransactionConflict');
}

/** The indexes (in the transaction's item list) of the items whose condition failed; empty for any other error. */
export function failedConditionIndexes(error: unknown): Set<number> {
  return new Set(
    cancellationReasons(error).flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : [])),
  );
}

/**
 * TransactWriteItems that retries only when it lost a race with another transaction
 * (TransactionConflict): the retry then meets the winner's writes and its conditions decide.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
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

/**
 * A transaction whose failed conditions say why: `explain` gets the indexes of the failed items
 * and answers the error to throw instead (undefined: the original error is rethrown).
 */
export async function transactWriteExplained(
  items: TransactItem[],
  explain: (failed: Set<number>) => Error | undefined,
): Promise<void> {
  try {
    await transactWrite(items);
  } catch (error) {
    const failed = failedConditionIndexes(error);
    if (failed.size === 0) throw error;
    throw explain(failed) ?? error;
  }
}
