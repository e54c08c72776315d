import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { projectCollections, projectKeys, projectMembersKey } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { batchPut, seedOrganization } from '../../../infra/local/seed';
import { registerOrganization } from '../support/api';
import { testTable } from '../support/table';

/**
 * What a project's writes store beside the item (its index sort keys and word items,
 * docs/decisions/027): the seed writes exactly what the API does, and the one-off migration
 * (scripts/index-projects.ts, run here in the test process) gives older projects the same.
 */
let db: typeof import('../../../functions/db/client');
let reindex: typeof import('../../../functions/projects/reindex');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  db = await import('../../../functions/db/client');
  reindex = await import('../../../functions/projects/reindex');
});

type Item = Record<string, unknown>;

/** A project's stored items (the project and its word items), with its own ids and times written as placeholders. */
async function storedItems(orgId: string, projectId: string) {
  const { db: client, tableName } = testTable();
  const project = (await client.send(new GetCommand({ TableName: tableName, Key: projectKeys.project(orgId, projectId) }))).Item!;
  const words = (
    await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': projectCollections.projectWordsBeginning(orgId, '').PK },
      }),
    )
  ).Items!;
  client.destroy();
  const general = (item: Item) => {
    const { createdAt: _created, updatedAt: _updated, ...rest } = item;
    return JSON.parse(JSON.stringify(rest).replaceAll(projectId, '<project>').replaceAll(orgId, '<org>')) as Item;
  };
  return { project: general(project), words: words.map(general).sort((a, b) => String(a.SK).localeCompare(String(b.SK))) };
}

describe('project index attributes and word items', () => {
  it('the seed stores a project as the API stores it', async () => {
    const { db: client, tableName } = testTable();
    const seeded = await seedOrganization(client, tableName, {
      label: `same-${Date.now().toString(36)}`,
      projects: 1,
      membersPerProject: 0,
      staff: 0,
      notificationsPerUser: 0,
      password: 'seed-password',
    });
    client.destroy();
    const admin = await registerOrganization();
    // The seed's first project: index 0 of its name list, no description, the first status, no due date.
    const created = await admin.call('/api/projects', {
      method: 'POST',
      body: { name: 'Spring launch 1', description: null, status: 'planning', dueDate: null },
    });
    expect(created.status).toBe(201);
    const fromSeed = await storedItems(seeded.orgId, seeded.projectIds[0]!);
    const fromApi = await storedItems(admin.orgId, created.body.id);
    expect(fromSeed).toEqual(fromApi);
    expect(fromApi.project).toMatchObject({ nameKey: 'spring launch 1\u0001<project>', searchName: 'spring launch 1' });
    expect(fromApi.words.map((word) => word.SK)).toEqual(['1\u0001<project>', 'launch\u0001<project>', 'spring\u0001<project>']);
  });

  it('renames and deletes keep the word items to the name', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Spring launch' } })).body;
    await admin.call(`/api/projects/${project.id}`, {
      method: 'PATCH',
      body: { name: 'Autumn launch', status: 'completed', dueDate: '2025-05-01' },
    });
    const renamed = await storedItems(admin.orgId, project.id);
    expect(renamed.words.map((word) => word.SK)).toEqual(['autumn\u0001<project>', 'launch\u0001<project>']);
    expect(renamed.project).toMatchObject({
      dueKey: '2025-05-01\u0001autumn launch\u0001<project>',
      statusKey: '2\u0001autumn launch\u0001<project>',
    });
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    const { db: client, tableName } = testTable();
    const left = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': projectCollections.projectWordsBeginning(admin.orgId, '').PK },
      }),
    );
    client.destroy();
    expect(left.Items).toEqual([]);
  });

  it('the migration gives projects from before the indexes what the API writes, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    const ids: string[] = [];
    for (const body of [
      { name: 'Q3 campaign', dueDate: '2025-09-30' },
      { name: 'SEO audit', status: 'on_hold' },
    ])
      ids.push((await admin.call('/api/projects', { method: 'POST', body })).body.id);
    const expected = await Promise.all(ids.map((id) => storedItems(admin.orgId, id)));
    // As projects written before the indexes: no index attributes, no word items.
    const { db: client, tableName } = testTable();
    for (const id of ids) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: projectKeys.project(admin.orgId, id),
          UpdateExpression: 'REMOVE nameKey, dueKey, statusKey, searchName',
        }),
      );
    }
    for (const word of expected.flatMap((stored, index) =>
      stored.words.map((item) => String(item.SK).replace('<project>', ids[index]!)),
    )) {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { PK: projectCollections.projectWordsBeginning(admin.orgId, '').PK, SK: word },
        }),
      );
    }
    // And a membership from before the copies of docs/decisions/104: 'My projects' by name cannot list it.
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...projectKeys.membership(admin.orgId, admin.user.id, ids[0]!),
          type: 'MEMBERSHIP',
          orgId: admin.orgId,
          userId: admin.user.id,
          projectId: ids[0],
          member: true,
          version: 1,
          projectMembersKey: projectMembersKey(admin.orgId, ids[0]!),
        },
      }),
    );
    client.destroy();
    expect((await admin.call('/api/projects?sort=name')).body).toEqual([]);
    expect((await admin.call('/api/projects?member=me&sort=name')).body).toEqual([]);

    const putItems = (items: Item[]) => batchPut(db.db, db.TABLE_NAME, items);
    expect(await reindex.reindexOrganization(admin.orgId, putItems)).toEqual({ projects: 2, updated: 2, copied: 1 });
    expect(
      (await admin.call<{ name: string }[]>('/api/projects?member=me&sort=name')).body.map((project) => project.name),
    ).toEqual(['Q3 campaign']);
    expect(await Promise.all(ids.map((id) => storedItems(admin.orgId, id)))).toEqual(expected);
    expect((await admin.call<{ name: string }[]>('/api/projects?sort=name')).body.map((project) => project.name)).toEqual([
      'Q3 campaign',
      'SEO audit',
    ]);

    expect(await reindex.reindexOrganization(admin.orgId, putItems)).toEqual({ projects: 2, updated: 0, copied: 0 });
    expect(await Promise.all(ids.map((id) => storedItems(admin.orgId, id)))).toEqual(expected);
  });
});
