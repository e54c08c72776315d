import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { organizationKeys } from '../../../functions/organization/keys';
import { userCollections, userKeys } from '../../../functions/user/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { batchPut, seedOrganization } from '../../../infra/local/seed';
import { registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';

/**
 * What a user's writes store beside the item (its index sort keys, its word items and the
 * organization's user count, docs/decisions/031): the seed writes exactly what the API does, and the
 * one-off migration (scripts/index-users.ts, run here in the test process) gives older users the same.
 */
let db: typeof import('../../../functions/db/client');
let reindex: typeof import('../../../functions/user/reindex');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  db = await import('../../../functions/db/client');
  reindex = await import('../../../functions/user/reindex');
});

type Item = Record<string, unknown>;

/** A user's stored items (the user and its word items), with ids, email domain, times and hash written as placeholders. */
async function storedUser(orgId: string, userId: string, domain: string) {
  const { db: client, tableName } = testTable();
  const user = (await client.send(new GetCommand({ TableName: tableName, Key: userKeys.user(orgId, userId) }))).Item!;
  const words = (
    await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userCollections.userWordsBeginning(orgId, '').PK },
      }),
    )
  ).Items!;
  client.destroy();
  const general = (item: Item) => {
    const { createdAt: _created, passwordHash: _hash, ...rest } = item;
    return JSON.parse(
      JSON.stringify(rest).replaceAll(userId, '<user>').replaceAll(orgId, '<org>').replaceAll(domain, '<domain>'),
    ) as Item;
  };
  return {
    user: general(user),
    words: words
      .filter((word) => word.userId === userId)
      .map(general)
      .sort((a, b) => String(a.SK).localeCompare(String(b.SK))),
  };
}

const organizationItem = async (orgId: string) => {
  const { db: client, tableName } = testTable();
  const org = (await client.send(new GetCommand({ TableName: tableName, Key: organizationKeys.organization(orgId) }))).Item!;
  client.destroy();
  return org;
};

describe('user index attributes, word items and the user count', () => {
  it('the seed stores a user and the count as the API stores them', async () => {
    const { db: client, tableName } = testTable();
    const label = `same-${Date.now().toString(36)}`;
    const seeded = await seedOrganization(client, tableName, {
      label,
      projects: 0,
      membersPerProject: 0,
      staff: 1,
      notificationsPerUser: 0,
      password: 'seed-password',
    });
    client.destroy();
    const admin = await registerOrganization();
    // The seed's first staff user: the second name of its lists, staff, not verified.
    const domain = `api-${Date.now().toString(36)}.example.com`;
    const created = await admin.call('/api/organization/users', {
      method: 'POST',
      body: { username: `staff1@${domain}`, fullName: 'Alan Ritchie', role: 'staff', password: 'secret-password' },
    });
    expect(created.status).toBe(201);
    const fromSeed = await storedUser(seeded.orgId, seeded.staff[0]!.id, `${label}.example.com`);
    const fromApi = await storedUser(admin.orgId, created.body.id, domain);
    // Add User mails a verification link (its hash is on the user); the seed mails nothing.
    const { emailVerificationTokenHash, ...apiUser } = fromApi.user as { emailVerificationTokenHash?: string };
    expect(emailVerificationTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fromSeed).toEqual({ ...fromApi, user: apiUser });
    expect(fromApi.user).toMatchObject({
      userNameKey: 'alan ritchie\u0001<user>',
      userEmailKey: 'staff1@<domain>',
      userRoleKey: 'staff\u0001alan ritchie\u0001<user>',
    });
    expect(fromApi.words.map((word) => word.SK)).toEqual(['alan\u0001<user>', 'ritchie\u0001<user>', 'staff1\u0001<user>']);
    // The API's count is added by the stream consumer from the arrival's event, a moment after the request.
    const counts = await eventually(
      async () => [(await organizationItem(seeded.orgId)).userCount, (await organizationItem(admin.orgId)).userCount],
      (both) => both[1] === 2,
    );
    expect(counts).toEqual([2, 2]);
  });

  it('renames keep the word items to the name; a removal takes them', async () => {
    const admin = await registerOrganization();
    const domain = `rename-${Date.now().toString(36)}.example.com`;
    const user = (
      await admin.call('/api/organization/users', {
        method: 'POST',
        body: { username: `grace@${domain}`, fullName: 'Grace Hopper', role: 'staff', password: 'secret-password' },
      })
    ).body;
    await admin.call('/api/organization/users', {
      method: 'POST',
      body: { username: `grace@${domain}`, fullName: 'Grace Brewster', role: 'admin' },
    });
    const renamed = await storedUser(admin.orgId, user.id, domain);
    expect(renamed.words.map((word) => word.SK)).toEqual(['brewster\u0001<user>', 'grace\u0001<user>']);
    expect(renamed.user).toMatchObject({ userRoleKey: 'admin\u0001grace brewster\u0001<user>' });
    expect((await admin.call(`/api/organization/users/${user.id}`, { method: 'DELETE' })).status).toBe(200);
    const { db: client, tableName } = testTable();
    const words = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userCollections.userWordsBeginning(admin.orgId, '').PK },
      }),
    );
    client.destroy();
    expect(words.Items!.filter((word) => word.userId === user.id)).toEqual([]);
    expect(words.Items!.map((word) => word.userId)).toContain(admin.user.id);
    const count = await eventually(
      async () => (await organizationItem(admin.orgId)).userCount,
      (users) => users === 1,
    );
    expect(count).toBe(1);
  });

  it('the migration gives users from before the indexes what the API writes, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    const domain = `migrate-${Date.now().toString(36)}.example.com`;
    const ids = [admin.user.id];
    for (const [name, role] of [
      ['Katherine Johnson', 'staff'],
      ['Linus Torvalds', 'admin'],
    ] as const) {
      ids.push(
        (
          await admin.call('/api/organization/users', {
            method: 'POST',
            body: {
              username: `${name.split(' ')[0]!.toLowerCase()}@${domain}`,
              fullName: name,
              role,
              password: 'secret-password',
            },
          })
        ).body.id,
      );
    }
    const expected = await Promise.all(ids.map((id) => storedUser(admin.orgId, id, domain)));
    // As users and an organization written before the indexes: no index attributes, no word items, no count.
    const { db: client, tableName } = testTable();
    for (const id of ids)
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: userKeys.user(admin.orgId, id),
          UpdateExpression: 'REMOVE userNameKey, userEmailKey, userRoleKey',
        }),
      );
    for (const word of expected.flatMap((stored, index) =>
      stored.words.map((item) => String(item.SK).replace('<user>', ids[index]!)),
    )) {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { PK: userCollections.userWordsBeginning(admin.orgId, '').PK, SK: word },
        }),
      );
    }
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: organizationKeys.organization(admin.orgId),
        UpdateExpression: 'REMOVE userCount',
      }),
    );
    client.destroy();
    expect((await admin.call('/api/organization/users?sort=name')).body).toEqual([]);

    const putItems = (items: Item[]) => batchPut(db.db, db.TABLE_NAME, items);
    expect(await reindex.reindexUsersOfOrganization(admin.orgId, putItems)).toEqual({ users: 3, updated: 3 });
    expect(await Promise.all(ids.map((id) => storedUser(admin.orgId, id, domain)))).toEqual(expected);
    expect(
      (await admin.call<{ fullName: string }[]>('/api/organization/users?sort=name')).body.map((user) => user.fullName),
    ).toEqual(['Ada Admin', 'Katherine Johnson', 'Linus Torvalds']);
    expect((await admin.call('/api/organization/users')).headers.get('x-total-count')).toBe('3');

    expect(await reindex.reindexUsersOfOrganization(admin.orgId, putItems)).toEqual({ users: 3, updated: 0 });
    expect(await Promise.all(ids.map((id) => storedUser(admin.orgId, id, domain)))).toEqual(expected);
    expect((await organizationItem(admin.orgId)).userCount).toBe(3);
  });
});
