import { describe, expect, it } from 'vitest';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addUserThroughApi as addUser } from '../support/org-members';

interface Listed {
  id: string;
  title: string;
  content: string;
  isRead: boolean;
  linkUrl: string | null;
}

/** The user's notifications once at least `count` have arrived from the fan-out. */
const notificationsOf = (user: SignedIn, count = 0) =>
  eventually(
    async () => (await user.call<Listed[]>('/api/notifications')).body,
    (list) => list.length >= count,
  );
const unreadCountOf = async (user: SignedIn) =>
  (await user.call<{ count: number }>('/api/notifications/unread/count')).body.count;

async function createProject(user: SignedIn, name: string): Promise<string> {
  const answer = await user.call('/api/projects', { body: { name, description: null, status: 'planning', dueDate: null } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

async function setMembers(user: SignedIn, projectId: string, memberIds: string[]) {
  const answer = await user.call(`/api/projects/${projectId}/members`, { method: 'PUT', body: { memberIds } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function setStatus(user: SignedIn, projectId: string, status: string) {
  const answer = await user.call(`/api/projects/${projectId}`, { method: 'PATCH', body: { status } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('a newly registered or newly added user', () => {
  it('has no notifications', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    for (const user of [ada, grace]) {
      expect(await notificationsOf(user)).toEqual([]);
      expect(await unreadCountOf(user)).toBe(0);
    }
  });
});

describe('being added to a project by someone else', () => {
  it('notifies each newly added member once, with the project name and a link to it, and never the actor', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const alan = await addUser(ada, 'Alan Turing');
    const projectId = await createProject(ada, 'Spring Launch');
    await setMembers(ada, projectId, [ada.user.id, grace.user.id, alan.user.id]);

    for (const member of [grace, alan]) {
      const list = await notificationsOf(member, 1);
      expect(list).toHaveLength(1);
      expect(list[0]!.linkUrl).toBe(`/projects/${projectId}`);
      expect(`${list[0]!.title} ${list[0]!.content}`).toContain('Spring Launch');
      expect(list[0]!.isRead).toBe(false);
      expect(await unreadCountOf(member)).toBe(1);
    }
    expect(await notificationsOf(ada)).toEqual([]);
    expect(await unreadCountOf(ada)).toBe(0);
  });

  it('does not notify members who were already on the project, nor someone taken off it', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const alan = await addUser(ada, 'Alan Turing');
    const projectId = await createProject(ada, 'Newsletter');
    await setMembers(ada, projectId, [grace.user.id, alan.user.id]);
    await setMembers(ada, projectId, [grace.user.id]);
    await setMembers(ada, projectId, [grace.user.id]);
    expect(await notificationsOf(grace, 1)).toHaveLength(1);
    expect(await notificationsOf(alan, 1)).toHaveLength(1);
  });

  it('adding yourself notifies nobody', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const projectId = await createProject(ada, 'Webinar');
    await setMembers(ada, projectId, [ada.user.id]);
    await setMembers(grace, projectId, [ada.user.id, grace.user.id]);
    expect(await notificationsOf(grace)).toEqual([]);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('notifies nobody in another organization', async () => {
    const ada = await registerOrganization();
    const outsider = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const projectId = await createProject(ada, 'Spring Launch');
    await setMembers(ada, projectId, [grace.user.id]);
    await notificationsOf(grace, 1);
    expect(await notificationsOf(outsider)).toEqual([]);
  });
});

describe('a project you are a member of changing status', () => {
  it('notifies every member but the one who changed it, with the project name and new status', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const alan = await addUser(ada, 'Alan Turing');
    const bystander = await addUser(ada, 'Barbara Liskov');
    const projectId = await createProject(ada, 'Brand Refresh');
    await setMembers(ada, projectId, [ada.user.id, grace.user.id, alan.user.id]);

    await setStatus(grace, projectId, 'in_progress');

    const adaList = await notificationsOf(ada, 1);
    expect(adaList).toHaveLength(1);
    expect(adaList[0]!.linkUrl).toBe(`/projects/${projectId}`);
    expect(`${adaList[0]!.title} ${adaList[0]!.content}`).toContain('Brand Refresh');
    expect(`${adaList[0]!.title} ${adaList[0]!.content}`).toContain('In Progress');
    // Alan: added by Ada, then the status change.
    expect(await notificationsOf(alan, 2)).toHaveLength(2);
    expect(await unreadCountOf(alan)).toBe(2);
    // Grace changed it: only her "added" notification.
    expect(await notificationsOf(grace, 1)).toHaveLength(1);
    expect(await notificationsOf(bystander)).toEqual([]);
  });

  it('notifies every member when the actor is not a member', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const projectId = await createProject(ada, 'Podcast');
    await setMembers(ada, projectId, [grace.user.id]);
    await setStatus(ada, projectId, 'on_hold');
    expect(await notificationsOf(grace, 2)).toHaveLength(2);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('notifies nobody when the status stays the same or only other fields change', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const projectId = await createProject(ada, 'Podcast');
    await setMembers(ada, projectId, [grace.user.id]);
    await setStatus(ada, projectId, 'planning');
    const renamed = await ada.call(`/api/projects/${projectId}`, { method: 'PATCH', body: { name: 'Podcast season 2' } });
    expect(renamed.status).toBe(200);
    expect(await notificationsOf(grace, 1)).toHaveLength(1);
  });
});

describe('your role being changed by an admin', () => {
  it('notifies the user whose role changed, and not the admin who changed it', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const promoted = await ada.call('/api/organization/users', {
      body: { username: grace.email, fullName: 'Grace Hopper', role: 'admin' },
    });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const list = await notificationsOf(grace);
    expect(list).toHaveLength(1);
    expect(`${list[0]!.title} ${list[0]!.content}`).toContain('Administrator');
    expect(await unreadCountOf(grace)).toBe(1);
    expect(await notificationsOf(ada)).toEqual([]);
  });

  it('notifies nobody when an edit keeps the role', async () => {
    const ada = await registerOrganization();
    const grace = await addUser(ada, 'Grace Hopper');
    const renamed = await ada.call('/api/organization/users', {
      body: { username: grace.email, fullName: 'Grace B. Hopper', role: 'staff' },
    });
    expect(renamed.status).toBe(200);
    expect(await notificationsOf(grace)).toEqual([]);
  });

  it('an admin cannot change their own role through user management, and nobody is notified', async () => {
    const ada = await registerOrganization();
    await addUser(ada, 'Grace Hopper', 'admin');
    const demoted = await ada.call('/api/organization/users', {
      body: { username: ada.email, fullName: 'Ada Admin', role: 'staff' },
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(403);
    expect(await notificationsOf(ada)).toEqual([]);
    expect(await unreadCountOf(ada)).toBe(0);
  });
});
