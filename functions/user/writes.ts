import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, Refused } from '../domain/errors';
import { profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { outboxPut } from '../mailer/outbox';
import type { UserItem } from './item';
import { userIndexKeys, userKeys } from './keys';
import { userWordWrites } from './words';

/** The signed-in user's own account: their name and their password. */

const PASSWORD_CHANGED_MEANWHILE = 'The password was changed meanwhile. Please try again.';
const PROFILE_CHANGED_MEANWHILE = 'Your account was changed meanwhile. Please try again.';

/** A profile save that keeps meeting a concurrent change of the same user gives up after this many reads. */
const MAX_ATTEMPTS = 3;

/**
 * Sets the user's full name, its index keys and its word items (docs/decisions/031), on condition
 * that the name and role are still the ones the keys were computed from; a concurrent role or name
 * change makes it read the user again. Other attributes (avatar, two-factor) are left alone.
 */
export async function updateFullName(current: UserItem, fullName: string): Promise<UserItem> {
  let user: UserItem | undefined = current;
  for (let attempt = 1; user; attempt += 1) {
    const next = { ...user, fullName };
    const { userNameKey, userRoleKey } = userIndexKeys(next);
    const renamed = await conditionHeld(
      transactWrite([
        {
          Update: {
            TableName: TABLE_NAME,
            Key: userKeys.user(user.orgId, user.id),
            ...updateExpression(
              { set: { fullName, userNameKey, userRoleKey }, add: profileVersionRaise },
              {
                expression: 'attribute_exists(PK) AND fullName = :name AND #role = :role',
                names: { '#role': 'role' },
                values: { ':name': user.fullName, ':role': user.role },
              },
            ),
          },
        },
        ...userWordWrites(user, user, next),
        ...profileChangedEvent(user.orgId, user.id),
      ]),
    );
    if (renamed) return next;
    if (attempt >= MAX_ATTEMPTS) throw new Conflict(PROFILE_CHANGED_MEANWHILE);
    user = await getItem(userKeys.user(user.orgId, user.id), { consistentRead: true });
  }
  // The user was removed after their session was loaded: they are signed out.
  throw new Refused('signed-out', 'Not authenticated');
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
          Key: userKeys.user(user.orgId, user.id),
          ...updateExpression(
            { set: { passwordHash: newHash } },
            { expression: 'passwordHash = :checked', values: { ':checked': checkedHash } },
          ),
        },
      },
      outboxPut(user.username, { template: 'password-changed', data: { fullName: user.fullName } }),
      auditPut(context, { action: 'user.password_changed', target: userTarget(user) }),
    ]),
  );
  if (!replaced) throw new Conflict(PASSWORD_CHANGED_MEANWHILE);
}
