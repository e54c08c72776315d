import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { userKeys } from '../../../functions/user/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { type SignedIn, registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

/**
 * Email items written before docs/decisions/041 carry no `unverified` flag, so an old registration
 * whose owner never followed the link still blocked the address. The one-off migration
 * (scripts/mark-unverified-addresses.ts, run here in the test process) marks them.
 */
let migration: typeof import('../../../functions/user/mark-unverified-addresses');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  migration = await import('../../../functions/user/mark-unverified-addresses');
});

async function emailItem(email: string) {
  const { db, tableName } = testTable();
  const item = (await db.send(new GetCommand({ TableName: tableName, Key: userKeys.email(email), ConsistentRead: true }))).Item;
  db.destroy();
  return item;
}

/** As written before the flag: the email item without it; `verified` also as the verification link leaves the user. */
async function writeOld(user: SignedIn, { verified }: { verified: boolean }) {
  const { db, tableName } = testTable();
  await db.send(
    new UpdateCommand({ TableName: tableName, Key: userKeys.email(user.email), UpdateExpression: 'REMOVE unverified' }),
  );
  if (verified)
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.user(user.orgId, user.user.id),
        UpdateExpression: 'SET emailVerified = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  db.destroy();
}

const addUser = (admin: SignedIn, email: string) =>
  admin.call('/api/organization/users', {
    body: { username: email, fullName: 'Real Owner', password: 'owner-password', role: 'staff' },
  });

describe('marking the addresses of old unverified registrations', () => {
  it("marks only a registration never verified, so an invitation to its address can then be accepted by the address's owner; a second run changes nothing", async () => {
    const unproved = await registerOrganization();
    const added = await addMemberDirectly(unproved.orgId);
    const proved = await registerOrganization();
    await writeOld(unproved, { verified: false });
    await writeOld(proved, { verified: true });
    const other = await registerOrganization();
    expect((await addUser(other, unproved.email)).status).toBe(409);

    expect(await migration.markUnverifiedAddressesOfOrganization(unproved.orgId)).toEqual({ candidates: 1, marked: 1 });
    expect(await migration.markUnverifiedAddressesOfOrganization(proved.orgId)).toEqual({ candidates: 0, marked: 0 });
    const afterFirst = await Promise.all([unproved, added, proved].map((user) => emailItem(user.email)));
    expect(afterFirst.map((item) => item?.unverified)).toEqual([true, undefined, undefined]);
    expect(await migration.markUnverifiedAddressesOfOrganization(unproved.orgId)).toEqual({ candidates: 1, marked: 0 });
    expect(await Promise.all([unproved, added, proved].map((user) => emailItem(user.email)))).toEqual(afterFirst);

    // Add User takes no account's address, proved or not (decision 097); the invitation's link proves it, so its acceptance takes the unproved one.
    for (const user of [added, proved, unproved]) expect((await addUser(other, user.email)).status).toBe(409);
    await invite(other, unproved.email);
    const { token } = await invitationMail(unproved.email);
    expect((await accept(token)).status).toBe(201);
    expect((await emailItem(unproved.email))?.orgId).toBe(other.orgId);
    expect(await migration.markUnverifiedAddressesOfOrganization(unproved.orgId)).toEqual({ candidates: 1, marked: 0 });
    expect((await emailItem(unproved.email))?.unverified).toBeUndefined();
  }, 60_000);
});
