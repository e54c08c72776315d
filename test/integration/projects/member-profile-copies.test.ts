import { isDeepStrictEqual } from 'node:util';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import type { ProjectDetailResponse, ProjectMemberResponse } from '../../../shared/schemas/projects';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { login } from '../support/api';
import { eventually } from '../support/eventually';
import { testTable } from '../support/table';

/**
 * Each membership holds what the project's members list shows of its member (docs/decisions/063,
 * 103): the detail of a 500-member project reads no user item and its member set stays small, and a
 * rename, a role change or a new avatar reaches every copy after the fact, once, whatever the order
 * or number of deliveries, rewriting only that person's memberships.
 */
let profiles: typeof import('../../../functions/projects/member-profiles');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  profiles = await import('../../../functions/projects/member-profiles');
});

const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function stored<T>(key: { PK: string; SK: string }) {
  const { db, tableName } = testTable();
  const item = (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  db.destroy();
  return item as T | undefined;
}

describe('a 500-member project', () => {
  let org: Seeded;
  let projectId: string;
  let everyone: string[];

  beforeAll(async () => {
    org = await seeded('five-hundred-members', { projects: 1, staff: 499, membersPerProject: 1, notificationsPerUser: 0 });
    projectId = org.org.projectIds[0]!;
    everyone = [org.org.admin.id, ...org.org.staff.map((person) => person.id)];
    // Through the API: the PUT copies each member's profile into the set.
    const put = await org.admin.call(`/api/projects/${projectId}/members`, { method: 'PUT', body: { memberIds: everyone } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }, 240_000);

  it('keeps its member set under 20 KB: ids only, the copies on the memberships', async () => {
    const set = await stored<Record<string, unknown>>(projectKeys.projectMembers(org.org.orgId, projectId));
    expect(set!.memberIds).toEqual(everyone);
    expect(set).not.toHaveProperty('profiles');
    // JSON spends more bytes than DynamoDB's item size (quotes, commas), so this bounds it from above.
    expect(Buffer.byteLength(JSON.stringify(set))).toBeLessThan(20 * 1024);
    // The request writes the memberships itself, and on a busy database leaves them to the stream consumer (applyMembershipChangesNow).
    const copy = await eventually(
      () => stored<{ profile: { fullName: string } }>(projectKeys.membership(org.org.orgId, everyone[42]!, projectId)),
      (item) => item?.profile !== undefined,
    );
    expect(copy!.profile.fullName).toBe(org.org.staff[41]!.fullName);
  });

  it('answers its detail and its members in two DynamoDB calls, every member in the set’s order, as the users are', async () => {
    const detail = await eventually(
      () => org.admin.call<ProjectDetailResponse>(`/api/projects/${projectId}`),
      // The index the copies are read from is a moment behind the PUT.
      (answer) => answer.dbCalls === 2,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.members.map((member) => member.id)).toEqual(everyone);
    expect(detail.dbCalls).toBe(2);
    const members = await org.admin.call<ProjectMemberResponse[]>(`/api/projects/${projectId}/members`);
    expect(members.body).toEqual(detail.body.members);
    expect(members.dbCalls).toBe(2);
    const someone = org.org.staff[42]!;
    expect(detail.body.members[43]).toEqual({
      id: someone.id,
      fullName: someone.fullName,
      username: someone.email,
      avatarUrl: null,
      role: 'staff',
    });
  });

  it('shows a member’s new name, role and avatar once the stream consumer has renewed the copy, and a second renewal writes nothing', async () => {
    const someone = org.org.staff[7]!;
    const member = await login(someone.email, org.org.password);
    expect((await member.call('/api/user/profile', { method: 'PATCH', body: { fullName: 'Renamed Member' } })).status).toBe(200);
    const avatar = await member.call<{ avatarUrl: string }>('/api/user/avatar', {
      method: 'POST',
      body: { avatarUrl: TINY_PNG },
    });
    expect([200, 201]).toContain(avatar.status);
    const promoted = await org.admin.call('/api/organization/users', {
      method: 'POST',
      body: { username: someone.email, fullName: 'Renamed Member', role: 'admin' },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);

    const expected = {
      id: someone.id,
      fullName: 'Renamed Member',
      username: someone.email,
      avatarUrl: avatar.body.avatarUrl,
      role: 'admin',
    };
    const detail = await eventually(
      () => org.admin.call<ProjectDetailResponse>(`/api/projects/${projectId}`),
      // Equal in any key order: the answer's order is not the literal's (a string comparison never held, and
      // every run waited out the 15 s).
      (answer) => isDeepStrictEqual(answer.body.members[8], expected),
    );
    expect(detail.body.members[8]).toEqual(expected);
    expect(detail.dbCalls).toBe(2);
    // The copies of the other 499 are untouched.
    expect(detail.body.members.filter((shown) => shown.fullName === 'Renamed Member')).toHaveLength(1);

    // Redelivered, or late: the copy is current, so nothing is written, and an older profile never replaces it.
    expect(await profiles.renewProfileCopies(org.org.orgId, someone.id)).toBe(0);
    const copied = (await stored<{ profile: { v: number } }>(projectKeys.membership(org.org.orgId, someone.id, projectId)))!;
    expect(copied.profile.v).toBe(3);
  }, 120_000);

  it('memberships without copies (written before them) still show their members, read by key', async () => {
    const second = await seeded('set-without-copies', { projects: 1, staff: 4, membersPerProject: 5, notificationsPerUser: 0 });
    const id = second.org.projectIds[0]!;
    const people = [second.org.admin, ...second.org.staff];
    const { db, tableName } = testTable();
    for (const person of people.slice(0, 2))
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: projectKeys.membership(second.org.orgId, person.id, id),
          UpdateExpression: 'REMOVE profile',
        }),
      );
    db.destroy();
    const detail = await eventually(
      () => second.admin.call<ProjectDetailResponse>(`/api/projects/${id}`),
      (answer) => answer.dbCalls === 3,
    );
    expect(detail.body.members.map((member) => member.fullName).sort()).toEqual(people.map((person) => person.fullName).sort());
    expect(detail.dbCalls).toBe(3);
  });
});
