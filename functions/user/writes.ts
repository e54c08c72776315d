import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, Refused } from '../domain/errors';
import { TABLE_NAME, db } from '../db/client';
import { keys } from '../db/keys';
import { outboxPut } from '../mailer/outbox';
import { conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { UserItem } from './item';

/** The signed-in user's own account: their name and their password. */

const PASSWORD_CHANGED_MEANWHILE = 'The password was changed meanwhile. Please try again.';

/** Sets the user's full name; only that attribute, so a concurrent role or avatar change is kept. */
export async function updateFullName(orgId: string, userId: string, fullName: string): Promise<UserItem> {
  const update = db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.user(orgId, userId),
      ...updateExpression({ set: { fullName } }, { expression: 'attribute_exists(PK)' }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  // The user was removed after their session was loaded: they are signed out.
  if (!(await conditionHeld(update))) throw new Refused('signed-out', 'Not authenticated');
  return (await update).Attributes as UserItem;
}

/**
 * Replaces the password hash only if it is still the one the current password was checked
 * against: of two concurrent changes, the second one fails instead of silently winning. The
 * 'your password was changed' mail and the audit entry go in the same transaction.
 */
export async function replacePasswordHash(context: WriteContext, checkedHash: string, newHash: string): Promise<void> {
  const user = context.actor;
  const replaced = await conditionHeld(
    transactWrite([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: keys.user(user.orgId, user.id),
          ...updateExpression({ set: { passwordHash: newHash } }, { expression: 'passwordHash = :checked', values: { ':checked': checkedHash } }),
        },
      },
      outboxPut(user.username, { template: 'password-changed', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'user.password_changed', target: userTarget(user) }),
    ]),
  );
  if (!replaced) throw new Conflict(PASSWORD_CHANGED_MEANWHILE);
}
