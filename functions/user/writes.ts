import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, Refused } from '../domain/errors';
import { TABLE_NAME, db } from '../db/client';
import { keys } from '../db/keys';
import { outboxPut } from '../mailer/outbox';
import { isConditionFailure, transactWrite } from '../db/transactions';
import type { UserItem } from './item';

/** The signed-in user's own account: their name and their password. */

const PASSWORD_CHANGED_MEANWHILE = 'The password was changed meanwhile. Please try again.';

/** Sets the user's full name; only that attribute, so a concurrent role or avatar change is kept. */
export async function updateFullName(orgId: string, userId: string, fullName: string): Promise<UserItem> {
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
      // The user was removed after their session was loaded: they are signed out.
      if (isConditionFailure(error)) throw new Refused('signed-out', 'Not authenticated');
      throw error;
    });
  return out.Attributes as UserItem;
}

/**
 * Replaces the password hash only if it is still the one the current password was checked
 * against: of two concurrent changes, the second one fails instead of silently winning. The
 * 'your password was changed' mail and the audit entry go in the same transaction.
 */
export async function replacePasswordHash(context: WriteContext, checkedHash: string, newHash: string): Promise<void> {
  const user = context.actor;
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
      auditPut(context, { action: 'user.password_changed', target: userTarget(user) }),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(PASSWORD_CHANGED_MEANWHILE);
    throw error;
  }
}
