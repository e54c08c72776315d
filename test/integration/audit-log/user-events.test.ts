import { describe, expect, it } from 'vitest';
import { registerOrganization, uniqueEmail } from '../support/api';
import { verifyAddress } from '../support/verify-address';
import { storedAuditEntries } from './audit-entries';

describe('audit log: users added, edited, role changed, removed', () => {
  it('records each change an admin makes to the organization’s users, with from and to', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const email = uniqueEmail('uma');
    const added = await admin.call('/api/organization/users', {
      body: { username: email, fullName: 'Uma User', password: 'member-password', role: 'staff' },
    });
    expect(added.status).toBe(201);
    const userId = added.body.id as string;
    expect((await storedAuditEntries(admin.orgId, 'user.added'))[0]).toMatchObject({
      actor: { id: admin.user.id, fullName: 'Ada Admin', username: admin.email },
      target: { type: 'user', id: userId, label: 'Uma User' },
      details: { role: 'staff' },
    });

    expect(
      (await admin.call('/api/organization/users', { body: { username: email, fullName: 'Uma Renamed', role: 'staff' } })).status,
    ).toBe(200);
    expect((await storedAuditEntries(admin.orgId, 'user.edited'))[0]).toMatchObject({
      target: { id: userId, label: 'Uma Renamed' },
      details: { fromName: 'Uma User', toName: 'Uma Renamed', passwordSet: false },
    });

    expect(
      (await admin.call('/api/organization/users', { body: { username: email, fullName: 'Uma Renamed', role: 'admin' } })).status,
    ).toBe(200);
    expect(await storedAuditEntries(admin.orgId, 'user.role_changed')).toEqual([
      expect.objectContaining({ target: expect.objectContaining({ id: userId }), details: { from: 'staff', to: 'admin' } }),
    ]);
    // A role change alone is one entry: no 'edited' beside it.
    expect(await storedAuditEntries(admin.orgId, 'user.edited')).toHaveLength(1);

    expect((await admin.call(`/api/organization/users/${userId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await storedAuditEntries(admin.orgId, 'user.removed'))[0]).toMatchObject({
      target: { id: userId, label: 'Uma Renamed' },
      details: { role: 'admin' },
    });
  });

  it('a refused change records nothing: an email of another organization, a staff member managing users', async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization();
    // Verified: an unverified registration's address could be taken over (decision 041).
    await verifyAddress(other);
    const before = await storedAuditEntries(admin.orgId);
    const taken = await admin.call('/api/organization/users', {
      body: { username: other.email, fullName: 'Not Ours', password: 'member-password', role: 'staff' },
    });
    expect(taken.status).toBe(409);
    expect(await storedAuditEntries(admin.orgId)).toEqual(before);
    expect(await storedAuditEntries(other.orgId, 'user.edited')).toEqual([]);
  });
});
