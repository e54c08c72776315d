import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';

/** DynamoDB round trips per route (x-db-calls), the session load included. */
describe('projects DynamoDB call budgets', () => {
  it('GET /api/projects takes at most 2 calls however many projects there are', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/projects')).dbCalls).toBeLessThanOrEqual(2);
    await Promise.all(Array.from({ length: 15 }, (_, i) => admin.call('/api/projects', { method: 'POST', body: { name: `P${i}` } })));
    const response = await admin.call('/api/projects');
    expect(response.body).toHaveLength(15);
    expect(response.dbCalls).toBeLessThanOrEqual(2);
  });

  it('GET /api/projects/{id} takes at most 3 calls whatever the member count; GET members and organization users at most 3 and 2', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Budget' } })).body;
    expect((await admin.call(`/api/projects/${project.id}`)).dbCalls).toBeLessThanOrEqual(3);

    const team = await Promise.all(Array.from({ length: 12 }, () => addMemberDirectly(admin.orgId)));
    const memberIds = [admin.user.id, ...team.map((member) => member.user.id)];
    await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds } });

    const detail = await admin.call(`/api/projects/${project.id}`);
    expect(detail.body.members).toHaveLength(13);
    // The project is read with the session, the members in one batch.
    expect(detail.dbCalls).toBe(2);
    const members = await admin.call(`/api/projects/${project.id}/members`);
    expect(members.body).toHaveLength(13);
    expect(members.dbCalls).toBe(2);
    const users = await admin.call('/api/organization-users');
    expect(users.body).toHaveLength(13);
    expect(users.dbCalls).toBeLessThanOrEqual(2);
  });

  it('writes make no per-item round trips: a PUT of many members and a status change notifying them stay at 3 calls', async () => {
    const admin = await registerOrganization();
    const team = await Promise.all(Array.from({ length: 10 }, () => addMemberDirectly(admin.orgId)));
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Writes' } })).body;
    const put = await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: team.map((member) => member.user.id) } });
    expect(put.status).toBe(200);
    expect(put.dbCalls).toBeLessThanOrEqual(3);
    const patch = await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: 'completed' } });
    expect(patch.status).toBe(200);
    expect(patch.dbCalls).toBeLessThanOrEqual(3);
    const create = await admin.call('/api/projects', { method: 'POST', body: { name: 'One more' } });
    expect(create.dbCalls).toBeLessThanOrEqual(2);
    const remove = await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' });
    expect(remove.dbCalls).toBeLessThanOrEqual(2);
  });
});
