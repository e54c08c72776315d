import { describe, expect, it } from 'vitest';
import { REQUIREMENT_NEEDS_OWN_MFA } from '../../../functions/mfa/messages';
import { MFA_REQUIRED_BY_ORGANIZATION } from '../../../shared/messages';
import { registerOrganization, request } from '../support/api';
import { waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { Authenticator, enrol, signInWithCode, stepUp } from '../support/two-factor';

const requireMfa = (admin: { orgId: string; call: (path: string, options?: object) => Promise<any> }, value: boolean) =>
  admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: value } });

describe("an organization's two-factor requirement (issue 15)", () => {
  it('can be turned on only by an admin who has two-factor on (the last admin cannot lock themselves out)', async () => {
    const admin = await registerOrganization();
    const refused = await requireMfa(admin, true);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: REQUIREMENT_NEEDS_OWN_MFA, fieldErrors: { requireMfa: REQUIREMENT_NEEDS_OWN_MFA } });
    expect((await admin.call('/api/user')).body.roles[0].organization.requireMfa).toBe(false);

    await enrol(admin);
    const turnedOn = await requireMfa(admin, true);
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body).toMatchObject({ id: admin.orgId, requireMfa: true });
    expect((await admin.call('/api/user')).body).toMatchObject({
      mfaSetupRequired: false,
      roles: [{ organization: { requireMfa: true } }],
    });
    // The admin, enrolled, keeps every route.
    expect((await admin.call('/api/projects')).status).toBe(200);

    const staff = await addMemberDirectly(admin.orgId);
    expect((await requireMfa(staff, false)).status).toBe(403);
    expect((await requireMfa(admin, false)).body).toMatchObject({ requireMfa: false });
    expect((await admin.call('/api/user')).body.roles[0].organization.requireMfa).toBe(false);
  });

  it('answers 403 on every protected route but setup, logout and GET /api/user to a member without two-factor, until they set it up', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    expect((await requireMfa(admin, true)).status).toBe(200);
    const staff = await addMemberDirectly(admin.orgId);

    for (const [path, options] of [
      ['/api/projects', {}],
      ['/api/dashboard', {}],
      ['/api/notifications', {}],
      ['/api/user/sessions', {}],
      ['/api/organization-users', {}],
      ['/api/projects', { body: { name: 'Not yet' } }],
      ['/api/user/profile', { method: 'PATCH', body: { fullName: 'Not Yet' } }],
      ['/api/user/mfa/disable', { body: { password: 'member-password', code: '123456' } }],
    ] as const) {
      const refused = await staff.call(path, options);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ message: MFA_REQUIRED_BY_ORGANIZATION });
    }
    const me = await staff.call('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ mfaEnabled: false, mfaSetupRequired: true });

    // The step-up is open before setup: setup itself needs it.
    await stepUp(staff);
    const setup = await staff.call('/api/user/mfa/setup', { method: 'POST' });
    expect(setup.status).toBe(200);
    const enabled = await staff.call('/api/user/mfa/enable', {
      body: { code: await new Authenticator(setup.body.secret).nextCode() },
    });
    expect(enabled.status).toBe(200);
    expect((await staff.call('/api/projects')).status).toBe(200);
    expect((await staff.call('/api/user')).body).toMatchObject({ mfaEnabled: true, mfaSetupRequired: false });
    expect((await staff.call('/api/logout', { method: 'POST' })).status).toBe(200);
  });

  it('lets a member without two-factor sign out while the requirement holds them', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    await requireMfa(admin, true);
    const staff = await addMemberDirectly(admin.orgId);
    expect((await staff.call('/api/logout', { method: 'POST' })).status).toBe(200);
    expect((await staff.call('/api/user')).status).toBe(401);
  });
});

describe("the Users table's two-factor status and an admin's reset (issue 15)", () => {
  it("shows each user's status; an admin resets another user's two-factor: off, their sessions ended, a mail; they set it up again", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Pat Phone-Lost' });
    const { authenticator } = await enrol(staff);
    const staffSignedIn = await signInWithCode(staff, await authenticator.nextCode());

    const listed = await admin.call('/api/organization/users');
    const statusOf = (body: { id: string; mfaEnabled: boolean }[], id: string) => body.find((user) => user.id === id)?.mfaEnabled;
    expect(statusOf(listed.body, staff.user.id)).toBe(true);
    expect(statusOf(listed.body, admin.user.id)).toBe(false);

    const reset = await admin.call(`/api/organization/users/${staff.user.id}/mfa`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: staff.user.id });
    expect(statusOf((await admin.call('/api/organization/users')).body, staff.user.id)).toBe(false);
    expect((await staffSignedIn.call('/api/user')).status).toBe(401);
    expect((await staff.call('/api/user')).status).toBe(401);
    // The password alone signs in now, and they can set it up again.
    const again = await request('/api/login', { body: { username: staff.email, password: staff.password } });
    expect(again.body).toMatchObject({ id: staff.user.id, mfaEnabled: false });
    const mail = await waitForMail(staff.email, 'Your Growthwise two-factor authentication was reset');
    expect(mail.text).toContain('Ada Admin');
  }, 60_000);

  it('is for admins, for users of their own organization, and not for their own account', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const other = await registerOrganization();
    await enrol(other);
    expect((await staff.call(`/api/organization/users/${admin.user.id}/mfa`, { method: 'DELETE' })).status).toBe(403);
    expect((await admin.call(`/api/organization/users/${other.user.id}/mfa`, { method: 'DELETE' })).status).toBe(404);
    expect((await other.call('/api/user')).body.mfaEnabled).toBe(true);
    expect((await admin.call(`/api/organization/users/${admin.user.id}/mfa`, { method: 'DELETE' })).status).toBe(403);
    expect((await admin.call('/api/organization/users/not-an-id/mfa', { method: 'DELETE' })).status).toBeLessThan(500);
  });
});
