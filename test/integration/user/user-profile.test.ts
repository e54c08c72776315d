import { describe, expect, it } from 'vitest';
import { registerOrganization, request } from '../support/api';

describe('PATCH /api/user/profile', () => {
  it('changes the full name and answers it, and GET /api/user shows it from then on', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const updated = await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: '  Ada Lovelace  ' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: admin.user.id, fullName: 'Ada Lovelace', username: admin.email });
    expect(updated.body).not.toHaveProperty('passwordHash');
    expect((await admin.call('/api/user')).body.fullName).toBe('Ada Lovelace');
  });

  it("refuses a full name shorter than 2 characters with 'Full name must be at least 2 characters.'", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    for (const fullName of ['A', ' B ', '']) {
      const response = await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName } });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({ fullName: 'Full name must be at least 2 characters.' });
    }
    expect((await admin.call('/api/user')).body.fullName).toBe('Ada Admin');
  });

  it('ignores the fields a profile update may not set (role, ids, organization, email)', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const other = await registerOrganization();
    const staffSelf = await admin.call('/api/user/profile', {
      method: 'PATCH',
      body: {
        fullName: 'Ada Renamed',
        role: 'staff',
        id: other.user.id,
        orgId: other.orgId,
        username: 'new@example.com',
        avatarUrl: '/x',
      },
    });
    expect(staffSelf.status).toBe(200);
    const me = (await admin.call('/api/user')).body;
    expect(me).toMatchObject({ id: admin.user.id, username: admin.email, fullName: 'Ada Renamed', avatarUrl: null });
    expect(me.roles).toEqual([
      {
        role: 'admin',
        organization: {
          id: admin.orgId,
          name: admin.user.roles[0]!.organization.name,
          requireMfa: false,
          membersWithoutTwoFactor: 1,
          assistantEnabled: true,
          assistantUsage: { requests: 0, requestsPerDay: 200, tokens: 0, tokensPerDay: 400_000 },
        },
      },
    ]);
    expect((await other.call('/api/user')).body.fullName).toBe('Ada Admin');
  });

  it('needs a session (401)', async () => {
    expect((await request('/api/user/profile', { method: 'PATCH', body: { fullName: 'Nobody' } })).status).toBe(401);
  });
});
