import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { notificationCollections } from '../../../functions/notifications/keys';
import { projectCollections } from '../../../functions/projects/keys';
import { MAX_WRITE_ATTEMPTS } from '../../../functions/projects/write-project-change';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

async function createProject(user: SignedIn, body: Record<string, unknown> = { name: 'Website relaunch' }) {
  const response = await user.call('/api/projects', { method: 'POST', body });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; status: string };
}

/**
 * The notifications stored for a user, read straight from the table (issue 6 owns their routes),
 * once at least `count` have arrived from the fan-out.
 */
async function notificationsOf(userId: string, count = 0) {
  const { db, tableName } = testTable();
  const { PK, prefix } = notificationCollections.notificationsOfUser(userId);
  const read = async () => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      }),
    );
    return (out.Items ?? []) as { title: string; content: string; linkUrl: string | null; isRead: boolean }[];
  };
  return eventually(read, (items) => items.length >= count);
}

async function unreadCountOf(user: SignedIn) {
  return (await user.call<{ count: number }>('/api/notifications/unread/count')).body.count;
}

describe('GET /api/organization-users', () => {
  it('lists every user of the caller organization for any member, staff included', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Grace Staff' });
    const other = await registerOrganization();
    for (const caller of [admin, staff]) {
      const response = await caller.call('/api/organization-users');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        { id: admin.user.id, username: admin.email, fullName: 'Ada Admin', avatarUrl: null, currentRole: { role: 'admin' } },
        { id: staff.user.id, username: staff.email, fullName: 'Grace Staff', avatarUrl: null, currentRole: { role: 'staff' } },
      ]);
    }
    expect((await other.call('/api/organization-users')).body.map((user: { id: string }) => user.id)).toEqual([other.user.id]);
    expect(JSON.stringify((await admin.call('/api/organization-users')).body)).not.toContain('passwordHash');
    expect((await request('/api/organization-users')).status).toBe(401);
  });
});

describe('PUT and GET /api/projects/{id}/members', () => {
  it('replaces the member set and shows it on the members list and the detail', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const grace = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(admin.orgId, { fullName: 'Alan Turing' });
    const project = await createProject(admin);

    const put = await admin.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [grace.user.id, admin.user.id] },
    });
    expect(put.status).toBe(200);
    const graceEntry = { id: grace.user.id, fullName: 'Grace Hopper', username: grace.email, avatarUrl: null, role: 'staff' };
    const adminEntry = { id: admin.user.id, fullName: 'Ada Admin', username: admin.email, avatarUrl: null, role: 'admin' };
    expect(put.body).toEqual([graceEntry, adminEntry]);
    expect((await admin.call(`/api/projects/${project.id}/members`)).body).toEqual([graceEntry, adminEntry]);
    expect((await admin.call(`/api/projects/${project.id}`)).body.members).toEqual([graceEntry, adminEntry]);

    const replaced = await admin.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [alan.user.id, alan.user.id] },
    });
    expect(replaced.body.map((member: { id: string }) => member.id)).toEqual([alan.user.id]);
    expect(
      (await admin.call(`/api/projects/${project.id}`)).body.members.map((member: { fullName: string }) => member.fullName),
    ).toEqual(['Alan Turing']);

    expect((await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [] } })).body).toEqual(
      [],
    );
    expect((await admin.call(`/api/projects/${project.id}`)).body.members).toEqual([]);
  });

  it('lets staff do everything with projects', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const project = await createProject(staff, { name: 'Staff project' });
    expect((await staff.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: 'completed' } })).status).toBe(
      200,
    );
    expect(
      (await staff.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } })).status,
    ).toBe(200);
    expect((await admin.call(`/api/projects/${project.id}`)).body).toMatchObject({
      status: 'completed',
      members: [{ id: admin.user.id }],
    });
    expect((await staff.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it.each([
    ['a body without memberIds', {}, 'memberIds'],
    ['memberIds that is not a list', { memberIds: 'abc' }, 'memberIds'],
    ['a member id that is not a string', { memberIds: [7] }, 'memberIds.0'],
    ['an empty member id', { memberIds: [''] }, 'memberIds.0'],
    [
      'more than 500 members',
      { memberIds: Array.from({ length: 501 }, (_, i) => `01JAAAAAAAAAAAAAAAAAAA${String(i).padStart(4, '0')}`) },
      'memberIds',
    ],
  ])('rejects %s with 400 and keeps the members', async (_label, body, field) => {
    const admin = await registerOrganization();
    const project = await createProject(admin);
    await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } });
    const response = await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
    expect((await admin.call(`/api/projects/${project.id}/members`)).body.map((member: { id: string }) => member.id)).toEqual([
      admin.user.id,
    ]);
  });

  it('rejects member ids that are not users of the organization (400) and keeps the members', async () => {
    const admin = await registerOrganization();
    const colleague = await addMemberDirectly(admin.orgId);
    const stranger = await registerOrganization();
    const project = await createProject(admin);
    await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [colleague.user.id] } });
    for (const memberIds of [[stranger.user.id], [admin.user.id, stranger.user.id], ['01JAAAAAAAAAAAAAAAAAAAAAAA']]) {
      const response = await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds } });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({ memberIds: 'Every member must be a user of your organization' });
    }
    expect((await admin.call(`/api/projects/${project.id}/members`)).body.map((member: { id: string }) => member.id)).toEqual([
      colleague.user.id,
    ]);
    expect(await notificationsOf(stranger.user.id)).toEqual([]);
  });

  it('answers 404 for an unknown project, with or without members', async () => {
    const admin = await registerOrganization();
    const missing = '01JAAAAAAAAAAAAAAAAAAAAAAA';
    expect((await admin.call(`/api/projects/${missing}/members`)).status).toBe(404);
    expect(
      (await admin.call(`/api/projects/${missing}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } })).status,
    ).toBe(404);
  });

  it('never leaves a mix of two sets when PUTs race', async () => {
    const admin = await registerOrganization();
    const team = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addMemberDirectly(admin.orgId, { fullName: `Member ${i}` })),
    );
    const ids = team.map((member) => member.user.id);
    // As many at once as a PUT has write attempts (MAX_WRITE_ATTEMPTS): each loses at most once to
    // each of the others, so all five succeed; one that spent an attempt on anything else gave up (409).
    const sets = [ids.slice(0, 3), ids.slice(3, 6), [ids[0]!, ids[5]!], [ids[1]!, ids[2]!, ids[3]!, ids[4]!], [ids[2]!, ids[4]!]];
    expect(sets).toHaveLength(MAX_WRITE_ATTEMPTS);
    for (let round = 0; round < 3; round += 1) {
      const project = await createProject(admin, { name: `Race ${round}` });
      const answers = await Promise.all(
        sets.map((memberIds) => admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(sets.map(() => 200));
      const final = (await admin.call(`/api/projects/${project.id}/members`)).body.map((member: { id: string }) => member.id);
      expect(sets.map((set) => JSON.stringify(set))).toContain(JSON.stringify(final));
    }
  });

  it('deleting a project removes everything stored under it', async () => {
    const admin = await registerOrganization();
    const member = await addMemberDirectly(admin.orgId);
    const project = await createProject(admin);
    await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [member.user.id] } });
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    const { db, tableName } = testTable();
    const { PK, prefix } = projectCollections.projectsOfOrganization(admin.orgId);
    const left = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': `${prefix}${project.id}` },
      }),
    );
    expect(left.Items).toEqual([]);
    // The member user stays: only the membership went with the project.
    expect((await admin.call('/api/organization-users')).body.map((user: { id: string }) => user.id)).toContain(member.user.id);
  });
});

describe('notifications written with project changes', () => {
  it('notifies each newly added member but not the acting user nor members already there', async () => {
    const admin = await registerOrganization();
    const grace = await addMemberDirectly(admin.orgId);
    const alan = await addMemberDirectly(admin.orgId);
    const project = await createProject(admin, { name: 'Q3 launch' });

    await admin.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [admin.user.id, grace.user.id] },
    });
    await admin.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [admin.user.id, grace.user.id, alan.user.id] },
    });

    expect(await notificationsOf(admin.user.id)).toEqual([]);
    const graceNotifications = await notificationsOf(grace.user.id, 1);
    expect(graceNotifications).toHaveLength(1);
    expect(graceNotifications[0]).toMatchObject({ title: 'Added to project', linkUrl: `/projects/${project.id}`, isRead: false });
    expect(graceNotifications[0]!.content).toContain('Q3 launch');
    expect(await notificationsOf(alan.user.id, 1)).toHaveLength(1);
    expect(await unreadCountOf(grace)).toBe(1);
    expect(await unreadCountOf(alan)).toBe(1);
  });

  it('notifies a member removed and added again, and nobody for a user adding themself', async () => {
    const admin = await registerOrganization();
    const grace = await addMemberDirectly(admin.orgId);
    const project = await createProject(grace);
    await grace.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [grace.user.id] } });
    expect(await notificationsOf(grace.user.id)).toEqual([]);

    await grace.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } });
    await grace.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [] } });
    await grace.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } });
    expect(await notificationsOf(admin.user.id, 2)).toHaveLength(2);
  });

  it('notifies every member but the actor when the status changes, with the project name and the new status label', async () => {
    const admin = await registerOrganization();
    const grace = await addMemberDirectly(admin.orgId);
    const alan = await addMemberDirectly(admin.orgId);
    const outsider = await addMemberDirectly(admin.orgId);
    const project = await createProject(admin, { name: 'Brand refresh' });
    await admin.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [grace.user.id, alan.user.id] },
    });

    const response = await grace.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: 'in_progress' } });
    expect(response.status).toBe(200);

    const alanNotifications = await notificationsOf(alan.user.id, 2);
    const statusNotice = alanNotifications.find((notification) => notification.title === 'Project status changed');
    expect(statusNotice).toMatchObject({ linkUrl: `/projects/${project.id}`, isRead: false });
    expect(statusNotice!.content).toContain('Brand refresh');
    expect(statusNotice!.content).toContain('In Progress');
    expect(await unreadCountOf(alan)).toBe(2);
    expect((await notificationsOf(grace.user.id, 1)).map((notification) => notification.title)).toEqual(['Added to project']);
    expect(await notificationsOf(outsider.user.id)).toEqual([]);
    expect(await notificationsOf(admin.user.id)).toEqual([]);
  });

  it('notifies nobody when the status stays the same or only other fields change', async () => {
    const admin = await registerOrganization();
    const grace = await addMemberDirectly(admin.orgId);
    const project = await createProject(admin, { name: 'Same', status: 'on_hold' });
    await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [grace.user.id] } });
    await admin.call(`/api/projects/${project.id}`, {
      method: 'PATCH',
      body: { status: 'on_hold', name: 'Renamed', description: 'New text' },
    });
    expect((await notificationsOf(grace.user.id, 1)).map((notification) => notification.title)).toEqual(['Added to project']);
  });
});
