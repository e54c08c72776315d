import { type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, Refused } from '../domain/errors';
import { profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { outboxPut } from '../mailer/outbox';
import { type UserItem, emailItemOf, userRecord } from './item';
import { userIndexKeys, userKeys } from './keys';
import { userWordItems, userWordWrites } from './words';

/** The user item's writes: a new user's puts (userPuts), and the signed-in user's own name and password. */

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

/**
 * The email item's Put may replace a hold of an unproved registration: only where the address is
 * proved, an invitation's acceptance (its link was mailed there). An admin's Add User, a SCIM token
 * and a just-in-time SSO sign-in never take over an account, verified or not (docs/decisions/097).
 */
export const TAKES_UNVERIFIED_HOLD = {
  expression: 'attribute_not_exists(PK) OR unverified = :unverified',
  values: { ':unverified': true },
};

/**
 * The puts that create a user: the user item (with its index keys) and its email-uniqueness item
 * (either fails if taken: the email's is the second), then its word items. A registration's address
 * is held `unverified` until its link is followed; only an invitation's acceptance, whose link proves
 * the address, takes such a hold over (`addressProved`, docs/decisions/097).
 */
export function userPuts(user: UserItem, { registration = false, addressProved = false } = {}) {
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...userRecord(user) },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...userKeys.email(user.username), ...emailItemOf(user, registration) },
        ...(addressProved && !registration
          ? { ConditionExpression: TAKES_UNVERIFIED_HOLD.expression, ExpressionAttributeValues: TAKES_UNVERIFIED_HOLD.values }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
    ...userWordItems(user).map((Item) => ({ Put: { TableName: TABLE_NAME, Item } })),
  ];
}
