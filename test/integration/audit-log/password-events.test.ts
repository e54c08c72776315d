import { describe, expect, it } from 'vitest';
import { registerOrganization, request } from '../support/api';
import { tokenFromMail, waitForMail } from '../support/inbox';
import { storedAuditEntries } from './audit-entries';

const RESET_SUBJECT = 'Reset your Growthwise password';

describe('audit log: password change and reset', () => {
  it('records a password change; a wrong current password changes nothing and records nothing', async () => {
    const admin = await registerOrganization({ fullName: 'Paula Password' });
    const refused = await admin.call('/api/user/change-password', {
      body: { currentPassword: 'not-my-password-9', newPassword: 'another-long-phrase-7' },
    });
    expect(refused.status).toBe(400);
    expect(await storedAuditEntries(admin.orgId, 'user.password_changed')).toEqual([]);

    const changed = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'another-long-phrase-7' },
    });
    expect(changed.status).toBe(200);
    const entries = await storedAuditEntries(admin.orgId, 'user.password_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.user.id, fullName: 'Paula Password' },
      target: { type: 'user', id: admin.user.id },
    });
  });

  it('records a password reset by its link; a used link records nothing more', async () => {
    const admin = await registerOrganization({ fullName: 'Rhea Reset' });
    expect((await request('/api/password-reset/request', { body: { username: admin.email } })).status).toBe(200);
    const token = tokenFromMail(await waitForMail(admin.email, RESET_SUBJECT), '/reset-password');
    expect((await request('/api/password-reset/confirm', { body: { token, newPassword: 'fresh-reset-phrase-3' } })).status).toBe(
      200,
    );
    expect((await request('/api/password-reset/confirm', { body: { token, newPassword: 'fresh-reset-phrase-4' } })).status).toBe(
      400,
    );
    const entries = await storedAuditEntries(admin.orgId, 'user.password_reset');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.user.id, fullName: 'Rhea Reset' },
      target: { type: 'user', id: admin.user.id },
    });
  }, 60_000);
});
