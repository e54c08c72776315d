import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { hashPassword } from '../../../functions/security/passwords';
import { newUser } from '../../../functions/user/item';
import { userPuts } from '../../../functions/user/writes';
import type { Role } from '../../../shared/roles';
import { type SignedIn, login, uniqueEmail } from './api';
import { testTable } from './table';

/**
 * Puts a second user into an organization straight into the table (as POST /api/organization/users
 * would) and signs them in: for tests that need several members without depending on that route.
 * Staff by default: an admin would also need the organization's adminCount raised.
 */
export async function addMemberDirectly(
  orgId: string,
  overrides: Partial<{ fullName: string; email: string; role: Role }> = {},
): Promise<SignedIn> {
  const { db, tableName } = testTable();
  const email = overrides.email ?? uniqueEmail('member');
  const password = 'member-password';
  const user = newUser({
    orgId,
    username: email,
    fullName: overrides.fullName ?? 'Grace Member',
    role: overrides.role ?? 'staff',
    passwordHash: await hashPassword(password),
    emailVerified: false,
  });
  const puts = userPuts(user).map((write) => ({ Put: { ...write.Put, TableName: tableName } }));
  await db.send(new TransactWriteCommand({ TransactItems: puts }));
  return login(email, password);
}

/** An admin adds a user to their organization through POST /api/organization/users; the user then signs in. */
export async function addUserThroughApi(admin: SignedIn, fullName: string, role: Role = 'staff'): Promise<SignedIn> {
  const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase());
  const added = await admin.call('/api/organization/users', {
    body: { username: email, fullName, password: 'member-password', role },
  });
  if (added.status !== 201) throw new Error(`adding ${fullName} failed: ${added.status} ${JSON.stringify(added.body)}`);
  return login(email, 'member-password');
}

/**
 * Many staff users of an organization written straight into the table, 20 transactions at a time,
 * without signing them in (no password hashing): for a project of 500 members, where only their
 * items must exist. Answers their ids in creation order.
 */
export async function addUsersDirectly(orgId: string, count: number): Promise<string[]> {
  const { db, tableName } = testTable();
  const users = Array.from({ length: count }, (_, index) =>
    newUser({
      orgId,
      username: uniqueEmail('member'),
      fullName: `Member ${index}`,
      role: 'staff',
      passwordHash: 'unused',
      emailVerified: true,
    }),
  );
  for (let start = 0; start < users.length; start += 20) {
    await Promise.all(
      users.slice(start, start + 20).map((user) =>
        db.send(
          new TransactWriteCommand({
            TransactItems: userPuts(user).map((write) => ({ Put: { ...write.Put, TableName: tableName } })),
          }),
        ),
      ),
    );
  }
  return users.map((user) => user.id);
}
