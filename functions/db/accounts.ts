import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from './client';
import type { UserItem } from './entities';
import { isConditionFailure } from './errors';
import { keys } from './keys';
import { outboxPut } from './outbox';
import { transactWrite } from './transact';

/** The signed-in user's own account: their name and their password. */

/** Sets the user's full name; only that attribute, so a concurrent role or avatar change is kept. */
export async function updateFullName(orgId: string, userId: string, fullName: string): Promise<UserItem | undefined> {
  const out = await db
    .send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.user(orgId, userId),
      UpdateExpression: 'SET fullName = :fullName',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':fullName': fullName },
      ReturnValues: 'ALL_NEW',
    }),
  )
    .catch((error: unknown) => {
      // The user was removed after their session was loaded.
      if (isConditionFailure(error)) return undefined;
      throw error;
    });
  return out?.Attributes as UserItem | undefined;
}

/**
 * Replaces the password hash only if it is still the one the current password was checked
 * against: of two concurrent changes, the second one fails instead of silently winning. The
 * 'your password was changed' mail goes in the same transaction. Answers false when it did not.
 */
export async function replacePasswordHash(user: Pick<UserItem, 'orgId' | 'id' | 'username' | 'fullName'>, checkedHash: string, newHash: string): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: keys.user(user.orgId, user.id),
          UpdateExpression: 'SET passwordHash = :new',
          ConditionExpression: 'passwordHash = :checked',
          ExpressionAttributeValues: { ':new': newHash, ':checked': checkedHash },
        },
      },
      outboxPut(user.username, { template: 'password-changed', data: { fullName: user.fullName } }),
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
