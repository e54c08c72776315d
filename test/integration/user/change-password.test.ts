import { describe, expect, it } from 'vitest';
import { login, registerOrganization, request } from '../support/api';

describe('POST /api/user/change-password', () => {
  it('with the right current password: answers JSON, the new password signs in, the old one no longer does', async () => {
    const admin = await registerOrganization({ password: 'old-password' });
    const changed = await admin.call('/api/user/change-password', {
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-type')).toContain('application/json');
    expect(changed.body).toEqual({ message: 'Password updated' });
    expect((await request('/api/login', { body: { username: admin.email, password: 'old-password' } })).status).toBe(401);
    await expect(login(admin.email, 'new-password')).resolves.toMatchObject({ user: { id: admin.user.id } });
  });

  it('ends every other session of the user; the current one stays signed in', async () => {
    const admin = await registerOrganization({ password: 'old-password' });
    const otherDevice = await login(admin.email, 'old-password');
    expect((await otherDevice.call('/api/user')).status).toBe(200);
    const changed = await admin.call('/api/user/change-password', {
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(changed.status).toBe(200);
    expect((await otherDevice.call('/api/user')).status).toBe(401);
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const admin = await registerOrganization({ password: 'old-password' });
    const otherDevice = await login(admin.email, 'old-password');
    const refused = await admin.call('/api/user/change-password', {
      body: { currentPassword: 'wrong-password', newPassword: 'new-password' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await otherDevice.call('/api/user')).status).toBe(200);
    await expect(login(admin.email, 'old-password')).resolves.toBeDefined();
  });

  it('answers the validation messages of section 5', async () => {
    const admin = await registerOrganization();
    const empty = await admin.call('/api/user/change-password', { body: { currentPassword: '', newPassword: '12345' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 6 characters',
    });
  });

  it('refuses a new password over 72 bytes instead of truncating it', async () => {
    const admin = await registerOrganization();
    const tooLong = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'é'.repeat(37) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.newPassword).toBe('Password must be at most 72 bytes');
  });

  it('needs a session (401)', async () => {
    expect((await request('/api/user/change-password', { body: { currentPassword: 'x', newPassword: 'abcdef' } })).status).toBe(
      401,
    );
  });
});
