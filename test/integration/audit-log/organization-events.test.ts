import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { storedAuditEntries } from './audit-entries';

describe('audit log: organization renamed, project deleted', () => {
  it('records a rename with the old and the new name; a staff member’s attempt records nothing', async () => {
    const admin = await registerOrganization({ organizationName: 'Old Name Ltd' });
    const staff = await addMemberDirectly(admin.orgId);
    expect((await staff.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'Hijacked' } })).status).toBe(
      403,
    );
    expect(await storedAuditEntries(admin.orgId, 'organization.renamed')).toEqual([]);

    expect(
      (await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: '  New Name Ltd ' } })).status,
    ).toBe(200);
    expect(await storedAuditEntries(admin.orgId, 'organization.renamed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'organization', id: admin.orgId, label: 'New Name Ltd' },
        details: { from: 'Old Name Ltd', to: 'New Name Ltd' },
      }),
    ]);
  });

  it('records a project’s deletion with its name; deleting it again records nothing', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { body: { name: 'Spring campaign' } })).body as { id: string };
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await storedAuditEntries(admin.orgId, 'project.deleted')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'project', id: project.id, label: 'Spring campaign' },
      }),
    ]);
  });
});
