import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { enrol, passwordStep, secondStep, signInWithCode, signInWithRecoveryCode } from '../support/two-factor';
import { storedAuditEntries } from './audit-entries';

describe('audit log: two-factor events (issue 15)', () => {
  it('records enabling, a sign-in with a code, a wrong code, a recovery code used, disabling and the requirement changed', async () => {
    const admin = await registerOrganization({ fullName: 'Audra Audit' });
    const { authenticator, recoveryCodes } = await enrol(admin);
    const [enabled] = await storedAuditEntries(admin.orgId, 'mfa.enabled');
    expect(enabled).toMatchObject({
      actor: { id: admin.user.id },
      target: { type: 'user', id: admin.user.id, label: 'Audra Audit' },
    });

    const turnedOn = await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: true } });
    expect(turnedOn.status).toBe(200);
    const [requirement] = await storedAuditEntries(admin.orgId, 'organization.mfa_requirement_changed');
    expect(requirement).toMatchObject({ target: { type: 'organization', id: admin.orgId }, details: { requireMfa: true } });

    expect((await secondStep(await passwordStep(admin.email, admin.password), { code: '000000' })).status).toBe(401);
    expect((await storedAuditEntries(admin.orgId, 'session.sign_in_failed')).map((entry) => entry.details)).toEqual([
      { reason: 'wrong_code' },
    ]);
    await signInWithCode(admin, await authenticator.nextCode());
    expect((await storedAuditEntries(admin.orgId, 'session.signed_in')).map((entry) => entry.details)).toContainEqual({
      method: 'totp',
    });
    await signInWithRecoveryCode(admin, recoveryCodes[0]!);
    expect(await storedAuditEntries(admin.orgId, 'mfa.recovery_code_used')).toHaveLength(1);
    expect((await storedAuditEntries(admin.orgId, 'session.signed_in')).map((entry) => entry.details)).toContainEqual({
      method: 'recovery_code',
    });

    // A refused disable (wrong password) records nothing; the real one records its entry.
    const fresh = await signInWithRecoveryCode(admin, recoveryCodes[1]!);
    expect((await fresh.call('/api/user/mfa/disable', { body: { password: 'wrong-password', code: '123456' } })).status).toBe(
      400,
    );
    expect(await storedAuditEntries(admin.orgId, 'mfa.disabled')).toHaveLength(0);
    const off = await fresh.call('/api/user/mfa/disable', {
      body: { password: admin.password, code: await authenticator.nextCode() },
    });
    expect(off.status).toBe(200);
    expect(await storedAuditEntries(admin.orgId, 'mfa.disabled')).toHaveLength(1);
  }, 90_000);

  it("records an admin's reset of another user's two-factor, with the admin as actor", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Sam Staff' });
    await enrol(staff);
    expect((await admin.call(`/api/organization/users/${staff.user.id}/mfa`, { method: 'DELETE' })).status).toBe(200);
    const [reset] = await storedAuditEntries(admin.orgId, 'mfa.reset');
    expect(reset).toMatchObject({
      actor: { id: admin.user.id, fullName: 'Ada Admin' },
      target: { type: 'user', id: staff.user.id, label: 'Sam Staff' },
    });
  });
});
