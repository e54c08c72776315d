import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import type { ProjectDetailResponse, ProjectResponse } from '../../../shared/schemas/projects';
import { registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { storedProjectItems } from '../support/project-items';
import { testTable } from '../support/table';

/**
 * Projects written before docs/decisions/037 kept their members as `memberIds` on the project item;
 * the one-off migration (scripts/index-members.ts, run here in the test process) moves them into
 * the member set and the members' own items, so the detail and 'my projects' answer them.
 */
let migration: typeof import('../../../functions/projects/index-members');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  migration = await import('../../../functions/projects/index-members');
});

describe('moving project members written before member sets', () => {
  it('gives old projects their member set and memberships, leaves a project the new code changed alone, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    const grace = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(admin.orgId, { fullName: 'Alan Turing' });
    const old = (await admin.call<ProjectResponse>('/api/projects', { body: { name: 'Spring launch' } })).body;
    const changed = (await admin.call<ProjectResponse>('/api/projects', { body: { name: 'SEO audit' } })).body;
    const empty = (await admin.call<ProjectResponse>('/api/projects', { body: { name: 'Q3 campaign' } })).body;
    // As written before the member sets: the ids on the project item, no set, no memberships.
    const { db, tableName } = testTable();
    const writeOld = (projectId: string, memberIds: string[]) =>
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: projectKeys.project(admin.orgId, projectId),
          UpdateExpression: 'SET memberIds = :ids',
          ExpressionAttributeValues: { ':ids': memberIds },
        }),
      );
    await writeOld(old.id, [grace.user.id, alan.user.id]);
    await writeOld(changed.id, [grace.user.id]);
    await writeOld(empty.id, []);
    db.destroy();
    expect((await grace.call<ProjectDetailResponse>(`/api/projects/${old.id}`)).body.members).toEqual([]);
    // After the deployment, before the migration, an admin replaced one project's members: its set is the truth.
    expect(
      (await admin.call(`/api/projects/${changed.id}/members`, { method: 'PUT', body: { memberIds: [alan.user.id] } })).status,
    ).toBe(200);

    const versionBefore = (await storedProjectItems(admin.orgId, [])).find(
      (item) => item.SK === projectKeys.project(admin.orgId, old.id).SK,
    )!.version as number;
    expect(await migration.indexMembersOfOrganization(admin.orgId)).toEqual({ projects: 3, moved: 2, skipped: 1 });
    // The stream consumer gives the new memberships their members' copies after the fact (docs/decisions/103).
    const afterFirst = await eventually(
      () => storedProjectItems(admin.orgId, [grace.user.id, alan.user.id]),
      (items) => items.every((item) => item.type !== 'MEMBERSHIP' || !item.member || item.profile !== undefined),
    );
    expect(await migration.indexMembersOfOrganization(admin.orgId)).toEqual({ projects: 3, moved: 0, skipped: 1 });
    expect(await storedProjectItems(admin.orgId, [grace.user.id, alan.user.id])).toEqual(afterFirst);

    const detail = await grace.call<ProjectDetailResponse>(`/api/projects/${old.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.members.map((member) => member.fullName)).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(
      (await admin.call<ProjectDetailResponse>(`/api/projects/${changed.id}`)).body.members.map((member) => member.fullName),
    ).toEqual(['Alan Turing']);
    expect((await admin.call<ProjectDetailResponse>(`/api/projects/${empty.id}`)).body.members).toEqual([]);
    expect((await grace.call<ProjectResponse[]>('/api/projects?member=me')).body.map((project) => project.id)).toEqual([old.id]);
    expect((await alan.call<ProjectResponse[]>('/api/projects?member=me')).body.map((project) => project.id).sort()).toEqual(
      [old.id, changed.id].sort(),
    );
    const project = afterFirst.find((item) => item.SK === projectKeys.project(admin.orgId, old.id).SK)!;
    expect(project).not.toHaveProperty('memberIds');
    expect(project.version).toBe(versionBefore + 1);
    expect(
      afterFirst
        .filter((item) => item.type === 'MEMBERSHIP' && item.projectId === old.id)
        .map((item) => [item.userId, item.member, item.version]),
    ).toEqual(
      expect.arrayContaining([
        [grace.user.id, true, versionBefore + 1],
        [alan.user.id, true, versionBefore + 1],
      ]),
    );

    // The new code carries on from the migrated set: removing Grace leaves Alan.
    expect(
      (await admin.call(`/api/projects/${old.id}/members`, { method: 'PUT', body: { memberIds: [alan.user.id] } })).status,
    ).toBe(200);
    expect((await grace.call<ProjectResponse[]>('/api/projects?member=me')).body).toEqual([]);
  }, 60_000);
});
