import { describe, expect, it } from 'vitest';
import { type SignedIn, registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';

/**
 * Two organizations, each with a project that has a member. Every route called with the other
 * organization's project id answers 404, as if it did not exist, and changes nothing.
 */
async function twoOrganizations() {
  const owner = await registerOrganization({ fullName: 'Olive Owner' });
  const ownerColleague = await addMemberDirectly(owner.orgId, { fullName: 'Colin Colleague' });
  const intruder = await registerOrganization({ fullName: 'Ivan Intruder' });
  const intruderColleague = await addMemberDirectly(intruder.orgId, { fullName: 'Irene Insider' });
  const project = (
    await owner.call('/api/projects', {
      method: 'POST',
      body: { name: 'Secret plan', description: 'Owners only', dueDate: '2025-06-01' },
    })
  ).body;
  await owner.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [ownerColleague.user.id] } });
  const before = (await owner.call(`/api/projects/${project.id}`)).body;
  return { owner, ownerColleague, intruder, intruderColleague, project, before };
}

async function expectUnchanged(owner: SignedIn, projectId: string, before: unknown) {
  expect((await owner.call(`/api/projects/${projectId}`)).body).toEqual(before);
  expect((await owner.call('/api/projects')).body).toHaveLength(1);
}

describe('tenant isolation of projects', () => {
  it('another organization cannot read the project, its members, or see it listed', async () => {
    const { intruder, project } = await twoOrganizations();
    const detail = await intruder.call(`/api/projects/${project.id}`);
    expect(detail.status).toBe(404);
    expect(JSON.stringify(detail.body)).not.toContain('Secret plan');
    expect((await intruder.call(`/api/projects/${project.id}/members`)).status).toBe(404);
    expect((await intruder.call('/api/projects')).body).toEqual([]);
  });

  it('another organization cannot change the project (404, unchanged)', async () => {
    const { owner, intruder, project, before } = await twoOrganizations();
    const response = await intruder.call(`/api/projects/${project.id}`, {
      method: 'PATCH',
      body: { name: 'Hijacked', status: 'completed' },
    });
    expect(response.status).toBe(404);
    await expectUnchanged(owner, project.id, before);
  });

  it('another organization cannot delete the project (404, still there)', async () => {
    const { owner, intruder, project, before } = await twoOrganizations();
    expect((await intruder.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
    await expectUnchanged(owner, project.id, before);
  });

  it('another organization cannot set the project members, with its own users or the owner organization users (404, unchanged)', async () => {
    const { owner, ownerColleague, intruder, intruderColleague, project, before } = await twoOrganizations();
    for (const memberIds of [[intruder.user.id, intruderColleague.user.id], [owner.user.id], []]) {
      const response = await intruder.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds } });
      expect(response.status).toBe(404);
    }
    await expectUnchanged(owner, project.id, before);
    expect((await owner.call(`/api/projects/${project.id}/members`)).body.map((member: { id: string }) => member.id)).toEqual([
      ownerColleague.user.id,
    ]);
  });

  it('a project cannot take members from another organization (400, unchanged)', async () => {
    const { owner, intruder, intruderColleague, project, before } = await twoOrganizations();
    const response = await owner.call(`/api/projects/${project.id}/members`, {
      method: 'PUT',
      body: { memberIds: [intruder.user.id, intruderColleague.user.id] },
    });
    expect(response.status).toBe(400);
    await expectUnchanged(owner, project.id, before);
  });

  it('the member picker lists only the caller organization users', async () => {
    const { owner, ownerColleague, intruder, intruderColleague } = await twoOrganizations();
    expect((await owner.call('/api/organization-users')).body.map((user: { id: string }) => user.id)).toEqual([
      owner.user.id,
      ownerColleague.user.id,
    ]);
    expect((await intruder.call('/api/organization-users')).body.map((user: { id: string }) => user.id)).toEqual([
      intruder.user.id,
      intruderColleague.user.id,
    ]);
  });
});
