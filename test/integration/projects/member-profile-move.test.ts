import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import type { ProjectDetailResponse } from '../../../shared/schemas/projects';
import { seeded } from '../budgets/budget-fixtures';
import { eventually } from '../support/eventually';
import { storedProjectItems } from '../support/project-items';
import { testTable } from '../support/table';

/**
 * Member sets written before docs/decisions/103 held their members' copies, and their memberships
 * none; the one-off migration (scripts/move-member-profiles.ts, run here in the test process) puts
 * each copy on its membership, from the user as they are now, and empties the sets of copies.
 */
let migration: typeof import('../../../functions/projects/member-profiles');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  migration = await import('../../../functions/projects/member-profiles');
});

describe('moving member copies out of the member sets', () => {
  it('puts each member’s current profile on their membership, empties the set of copies, and a second run changes nothing', async () => {
    const org = await seeded('member-copies-move', { projects: 2, staff: 2, membersPerProject: 3, notificationsPerUser: 0 });
    const { orgId } = org.org;
    const people = [org.org.admin, ...org.org.staff];
    const projectId = org.org.projectIds[0]!;
    // As written before: a stale copy of each member in the set, memberships without copy or index key.
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: projectKeys.projectMembers(orgId, projectId),
        UpdateExpression: 'SET profiles = :profiles',
        ExpressionAttributeValues: {
          ':profiles': Object.fromEntries(
            people.map((person) => [
              person.id,
              { fullName: 'Old name', username: person.email, avatarUrl: null, role: 'staff', v: 0 },
            ]),
          ),
        },
      }),
    );
    for (const person of people)
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: projectKeys.membership(orgId, person.id, projectId),
          UpdateExpression: 'REMOVE profile, projectMembersKey',
        }),
      );
    db.destroy();

    expect(await migration.moveProfileCopiesOfOrganization(orgId)).toEqual({ sets: 2, copied: 3, emptied: 1 });
    const afterFirst = await storedProjectItems(
      orgId,
      people.map((person) => person.id),
    );
    expect(await migration.moveProfileCopiesOfOrganization(orgId)).toEqual({ sets: 2, copied: 0, emptied: 0 });
    expect(
      await storedProjectItems(
        orgId,
        people.map((person) => person.id),
      ),
    ).toEqual(afterFirst);

    const set = afterFirst.find((item) => item.SK === projectKeys.projectMembers(orgId, projectId).SK)!;
    expect(set).not.toHaveProperty('profiles');
    const detail = await eventually(
      () => org.admin.call<ProjectDetailResponse>(`/api/projects/${projectId}`),
      (answer) => answer.dbCalls === 2,
    );
    expect(detail.body.members.map((member) => member.fullName).sort()).toEqual(people.map((person) => person.fullName).sort());
    expect(detail.dbCalls).toBe(2);
  }, 60_000);
});
