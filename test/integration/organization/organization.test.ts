import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';

const orgNameOf = async (member: { call: (path: string) => Promise<{ body: any }> }) =>
  (await member.call('/api/user')).body.roles[0].organization.name as string;

describe('PATCH /api/organization/{id}', () => {
  it('lets an admin rename their organization and answers it as JSON', async () => {
    const admin = await registerOrganization({ organizationName: 'Old Name' });
    const renamed = await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: '  New Name  ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: admin.orgId,
      name: 'New Name',
      requireMfa: false,
      membersWithoutTwoFactor: 1,
      assistantEnabled: true,
      assistantUsage: { requests: 0, requestsPerDay: 200, tokens: 0, tokensPerDay: 400_000 },
    });
    expect(await orgNameOf(admin)).toBe('New Name');
  });

  it("refuses an empty or blank name with 'Organization name cannot be empty'", async () => {
    const admin = await registerOrganization({ organizationName: 'Kept Name' });
    for (const name of ['', '   ']) {
      const refused = await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name } });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ name: 'Organization name cannot be empty' });
    }
    expect(await orgNameOf(admin)).toBe('Kept Name');
  });

  it('answers 403 to staff and changes nothing', async () => {
    const admin = await registerOrganization({ organizationName: 'Kept Name' });
    const staff = await addMemberDirectly(admin.orgId);
    const refused = await staff.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'Staff Name' } });
    expect(refused.status).toBe(403);
    expect(await orgNameOf(admin)).toBe('Kept Name');
  });

  it("answers 404 for another organization's id and changes nothing", async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization({ organizationName: 'Their Name' });
    const refused = await admin.call(`/api/organization/${other.orgId}`, { method: 'PATCH', body: { name: 'Taken Over' } });
    expect(refused.status).toBe(404);
    expect(await orgNameOf(other)).toBe('Their Name');
  });
});
