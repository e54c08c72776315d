import { describe, expect, it } from 'vitest';
import { login, registerOrganization, request } from '../support/api';

describe('no silent password takeover through user management (issue 21, item 1)', () => {
  it("an admin's session naming the admin's own email and a new password is 403; the password and the other sessions stay", async () => {
    const admin = await registerOrganization();
    const otherSession = await login(admin.email, admin.password);

    const takeover = await admin.call('/api/organization/users', {
      body: { username: admin.email.toUpperCase(), fullName: 'Ada Admin', password: 'attacker-password', role: 'admin' },
    });
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe(
      'You cannot change your own account here. Use User Settings to change your name or password.',
    );

    expect((await request('/api/login', { body: { username: admin.email, password: 'attacker-password' } })).status).toBe(401);
    expect((await login(admin.email, admin.password)).user.id).toBe(admin.user.id);
    expect((await otherSession.call('/api/user')).status).toBe(200);
  });

  it('renaming oneself through user management is 403 too; the profile route still renames', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const rename = await admin.call('/api/organization/users', {
      body: { username: admin.email, fullName: 'Someone Else', role: 'admin' },
    });
    expect(rename.status).toBe(403);
    expect((await admin.call('/api/user')).body.fullName).toBe('Ada Admin');
    expect((await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: 'Ada Renamed' } })).status).toBe(200);
  });
});
