import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';

type Entry = {
  id: string;
  projectId: string;
  projectName: string;
  actor: { id: string; fullName: string };
  action: string;
  from: string | null;
  to: string | null;
  members: string[];
  createdAt: string;
};

describe('project activity', () => {
  it('records each kind of change with who, from and to, newest first', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(admin.orgId, { fullName: 'Alan Turing' });
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Spring campaign' } })).body;
    const path = `/api/projects/${project.id}`;
    expect((await admin.call(path, { method: 'PATCH', body: { name: 'Summer campaign' } })).status).toBe(200);
    expect((await grace.call(path, { method: 'PATCH', body: { description: 'Beach ads', dueDate: '2025-06-01' } })).status).toBe(
      200,
    );
    expect((await admin.call(path, { method: 'PATCH', body: { status: 'in_progress' } })).status).toBe(200);
    expect(
      (await admin.call(`${path}/members`, { method: 'PUT', body: { memberIds: [grace.user.id, alan.user.id] } })).status,
    ).toBe(200);
    expect((await admin.call(`${path}/members`, { method: 'PUT', body: { memberIds: [alan.user.id] } })).status).toBe(200);
    // A PATCH that changes nothing writes no entry.
    expect((await admin.call(path, { method: 'PATCH', body: { status: 'in_progress' } })).status).toBe(200);

    const page = await admin.call(`${path}/activity`);
    expect(page.status).toBe(200);
    expect(page.dbCalls).toBeLessThanOrEqual(2);
    expect(page.body.nextCursor).toBeNull();
    const entries = page.body.entries as Entry[];
    const summary = entries.map(({ actor, action, from, to, members }) => ({ actor: actor.fullName, action, from, to, members }));
    expect(summary).toEqual([
      { actor: 'Ada Lovelace', action: 'members_removed', from: null, to: null, members: ['Grace Hopper'] },
      {
        actor: 'Ada Lovelace',
        action: 'members_added',
        from: null,
        to: null,
        members: expect.arrayContaining(['Grace Hopper', 'Alan Turing']),
      },
      { actor: 'Ada Lovelace', action: 'status_changed', from: 'planning', to: 'in_progress', members: [] },
      { actor: 'Grace Hopper', action: 'due_date_changed', from: null, to: '2025-06-01', members: [] },
      { actor: 'Grace Hopper', action: 'description_changed', from: null, to: null, members: [] },
      { actor: 'Ada Lovelace', action: 'renamed', from: 'Spring campaign', to: 'Summer campaign', members: [] },
      { actor: 'Ada Lovelace', action: 'created', from: null, to: null, members: [] },
    ]);
    expect(entries.every((entry) => entry.projectId === project.id)).toBe(true);
    expect(entries[0]!.projectName).toBe('Summer campaign');
    expect(entries.at(-1)!.projectName).toBe('Spring campaign');
    const times = entries.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages 20 entries at a time with a cursor', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Busy' } })).body;
    for (let i = 1; i <= 24; i += 1) {
      const response = await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { name: `Busy ${i}` } });
      expect(response.status).toBe(200);
    }
    const first = await admin.call(`/api/projects/${project.id}/activity`);
    expect(first.body.entries).toHaveLength(20);
    expect(first.body.entries[0].to).toBe('Busy 24');
    expect(first.body.nextCursor).toBe(first.body.entries[19].id);
    const second = await admin.call(`/api/projects/${project.id}/activity?cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.entries.map((entry: Entry) => entry.to ?? entry.action)).toEqual([
      'Busy 4',
      'Busy 3',
      'Busy 2',
      'Busy 1',
      'created',
    ]);
    expect(second.body.nextCursor).toBeNull();
    expect((await admin.call(`/api/projects/${project.id}/activity?cursor=not-an-id`)).status).toBe(400);
  });

  it("keeps a deleted project's entries in the organization's recent activity, newest 10 first", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Lovelace' });
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Spring campaign' } })).body;
    for (let i = 0; i < 10; i += 1) await admin.call('/api/projects', { method: 'POST', body: { name: `Filler ${i}` } });
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    const dashboard = await admin.call('/api/dashboard');
    const recent = dashboard.body.recentActivity as Entry[];
    expect(recent).toHaveLength(10);
    expect(recent[0]).toMatchObject({
      action: 'deleted',
      projectName: 'Spring campaign',
      projectId: project.id,
      actor: { fullName: 'Ada Lovelace' },
    });
    expect(recent.slice(1).map((entry) => entry.projectName)).toEqual(Array.from({ length: 9 }, (_, i) => `Filler ${9 - i}`));
    // The project itself is gone, and so is its activity route.
    expect((await admin.call(`/api/projects/${project.id}/activity`)).status).toBe(404);
  });

  it("answers 404 for another organization's project and never mixes organizations' activity", async () => {
    const ours = await registerOrganization();
    const theirs = await registerOrganization();
    const project = (await theirs.call('/api/projects', { method: 'POST', body: { name: 'Theirs' } })).body;
    expect((await ours.call(`/api/projects/${project.id}/activity`)).status).toBe(404);
    expect((await ours.call('/api/dashboard')).body.recentActivity).toEqual([]);
    expect((await theirs.call('/api/dashboard')).body.recentActivity).toHaveLength(1);
  });
});
