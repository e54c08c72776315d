import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { seeded } from '../budgets/budget-fixtures';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

type Entry = { projectId: string; actor: { fullName: string }; action: string; members: string[] };

async function createProject(admin: SignedIn, name: string, memberIds: string[]): Promise<string> {
  const created = await admin.call('/api/projects', { method: 'POST', body: { name } });
  expect(created.status).toBe(201);
  if (memberIds.length)
    expect((await admin.call(`/api/projects/${created.body.id}/members`, { method: 'PUT', body: { memberIds } })).status).toBe(
      200,
    );
  return created.body.id as string;
}

const membersOf = async (admin: SignedIn, projectId: string) =>
  ((await admin.call(`/api/projects/${projectId}`)).body.members as { id: string }[]).map((member) => member.id);
const newestEntryOf = async (admin: SignedIn, projectId: string) =>
  ((await admin.call(`/api/projects/${projectId}/activity`)).body.entries as Entry[])[0]!;

describe('a user removed from the organization leaves their projects, and the projects say so', () => {
  it("takes the user out of each of their projects with a 'members removed' entry by the admin, the counters unchanged", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(admin.orgId, { fullName: 'Alan Turing' });
    const both = await createProject(admin, 'Spring campaign', [grace.user.id, alan.user.id]);
    const hers = await createProject(admin, 'Newsletter', [grace.user.id]);
    const his = await createProject(admin, 'Webinar', [alan.user.id]);
    // The figures are counted from the stream a moment after each create: 'before' is once all three are.
    const before = (
      await eventually(
        () => admin.call('/api/dashboard'),
        (answer) => answer.body.counts.total === 3,
      )
    ).body;
    expect(before.counts.total).toBe(3);

    expect((await admin.call(`/api/organization/users/${grace.user.id}`, { method: 'DELETE' })).status).toBe(200);

    // After the request, from its event (issue 62, item 3).
    expect(
      await eventually(
        () => membersOf(admin, hers),
        (ids) => ids.length === 0,
      ),
    ).toEqual([]);
    expect(await membersOf(admin, both)).toEqual([alan.user.id]);
    expect(await membersOf(admin, hers)).toEqual([]);
    expect(await membersOf(admin, his)).toEqual([alan.user.id]);
    for (const projectId of [both, hers]) {
      expect(await newestEntryOf(admin, projectId)).toMatchObject({
        projectId,
        actor: { fullName: 'Ada Lovelace' },
        action: 'members_removed',
        members: ['Grace Hopper'],
      });
    }
    expect((await newestEntryOf(admin, his)).action).toBe('members_added');

    const after = (await admin.call('/api/dashboard')).body;
    expect(after.counts).toEqual(before.counts);
    const recent = (after.recentActivity as Entry[]).slice(0, 2);
    expect(recent.map((entry) => entry.action)).toEqual(['members_removed', 'members_removed']);
    expect(recent.map((entry) => entry.projectId).sort()).toEqual([both, hers].sort());
    // Alan's own view of the project is what the admin sees.
    expect((await alan.call('/api/dashboard')).body.myProjects.count).toBe(2);
  });

  it(
    'does the same for a user in more projects than one transaction holds, in transactions of 33 after the request',
    { timeout: 180_000 },
    async () => {
      const admin = await registerOrganization({ fullName: 'Ada Lovelace' });
      const grace = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
      const projectIds: string[] = [];
      for (let batch = 0; batch < 5; batch += 1) {
        projectIds.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, i) => createProject(admin, `Project ${batch * 10 + i}`, [grace.user.id])),
          )),
        );
      }

      expect((await admin.call(`/api/organization/users/${grace.user.id}`, { method: 'DELETE' })).status).toBe(200);

      const projects = (await admin.call('/api/projects')).body as { id: string; memberIds?: string[]; members?: unknown[] }[];
      expect(projects).toHaveLength(50);
      for (const projectId of projectIds) {
        expect(
          await eventually(
            () => membersOf(admin, projectId),
            (ids) => ids.length === 0,
            60_000,
          ),
        ).toEqual([]);
        expect(await newestEntryOf(admin, projectId)).toMatchObject({ action: 'members_removed', members: ['Grace Hopper'] });
      }
      const dashboard = (await admin.call('/api/dashboard')).body;
      expect(dashboard.counts.total).toBe(50);
      expect((dashboard.recentActivity as Entry[]).map((entry) => entry.action)).toEqual(Array(10).fill('members_removed'));
    },
  );

  it('takes a person off 500 projects after the request, which answers without reading them', { timeout: 300_000 }, async () => {
    const { org, admin } = await seeded('removal-500', {
      projects: 500,
      staff: 1,
      membersPerProject: 2,
      notificationsPerUser: 0,
    });
    const leaver = org.staff[0]!;
    const removed = await admin.call(`/api/organization/users/${leaver.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    // The session with the user and the figures, the user's sessions, the transaction, their delete: none per project.
    expect(removed.dbCalls).toBeLessThanOrEqual(4);
    const { db, tableName } = testTable();
    const stillMember = async () => {
      let left = 0;
      for (let start = 0; start < org.projectIds.length; start += 100) {
        const keys = org.projectIds.slice(start, start + 100).map((id) => projectKeys.projectMembers(org.orgId, id));
        const out = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
        left += (out.Responses?.[tableName] ?? []).filter((set) => (set.memberIds as string[]).includes(leaver.id)).length;
      }
      return left;
    };
    const started = Date.now();
    const left = await eventually(stillMember, (count) => count === 0, 240_000);
    console.log(`removal of a person on 500 projects: done ${Date.now() - started} ms after the request`);
    db.destroy();
    expect(left).toBe(0);
    expect(await newestEntryOf(admin, org.projectIds[250]!)).toMatchObject({
      action: 'members_removed',
      members: [leaver.fullName],
    });
  });
});
