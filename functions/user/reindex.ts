import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { organizationKeys } from '../organization/keys';
import type { UserRecord } from './item';
import { userCollections, userIndexKeys, userKeys } from './keys';
import { userWordItems } from './words';

/**
 * Gives an organization's users written before docs/decisions/031 what every user write now writes:
 * the index sort keys on the item, the word items, and the organization's user count. Idempotent:
 * a user already current is left alone, word items are Puts of the same keys, the count is set to
 * the users read. A user renamed or given another role meanwhile was written with its keys by that
 * change and is skipped. Run it again after a migration that raced with user creations: it recounts.
 */
export async function reindexUsersOfOrganization(
  orgId: string,
  putItems: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<{ users: number; updated: number }> {
  const users = await queryCollection<UserRecord>(userCollections.usersOfOrganization(orgId), { consistentRead: true });
  let updated = 0;
  for (const user of users) {
    const derived = userIndexKeys(user);
    if (Object.entries(derived).every(([name, value]) => user[name as keyof typeof derived] === value)) continue;
    const written = await conditionHeld(
      db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: userKeys.user(orgId, user.id),
          ...updateExpression(
            { set: derived },
            {
              expression: 'fullName = :name AND #role = :role',
              names: { '#role': 'role' },
              values: { ':name': user.fullName, ':role': user.role },
            },
          ),
        }),
      ),
    );
    if (written) updated += 1;
  }
  await putItems(users.flatMap(userWordItems));
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: organizationKeys.organization(orgId),
      ...updateExpression({ set: { userCount: users.length } }, { expression: 'attribute_exists(PK)' }),
    }),
  );
  return { users: users.length, updated };
}
