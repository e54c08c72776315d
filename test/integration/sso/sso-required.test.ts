import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { type SignedIn, registerOrganization, request, uniqueEmail } from '../support/api';
import { tokenFromMail, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { enrol, stepUp } from '../support/two-factor';
import { Browser, localIdp, ssoOrganization, uniqueDomain, verifyDomain } from './sso-support';

const SSO_REQUIRED = 'Your organization requires single sign-on for this email address. Use ‘Sign in with SSO’ below.';
const NO_PASSWORD =
  'Your organization requires single sign-on for this email address: people there sign in with SSO and need no password.';
const INVITATION_BY_SSO =
  'Your organization requires single sign-on for this email address. Sign in with SSO to accept this invitation.';
const NEEDS_CONNECTION = 'Connect an identity provider before requiring single sign-on.';
const NEEDS_VERIFIED_DOMAIN = 'Verify a domain before requiring single sign-on.';
const LAST_PASSWORD_ACCESS =
  'At least one admin must keep password access while single sign-on is required. Give another admin password access first.';
const REQUIREMENT = '/api/organization/sso/requirement';
const passwordAccessOf = (userId: string) => `/api/organization/sso/password-access/${userId}`;

/** The admin requires single sign-on (stepping up first, as the switch's dialog does) and the answer is 200. */
async function requireSso(admin: SignedIn) {
  await stepUp(admin);
  const turnedOn = await admin.call(REQUIREMENT, { method: 'PUT', body: { requireSso: true } });
  expect(turnedOn.status, JSON.stringify(turnedOn.body)).toBe(200);
  return turnedOn.body;
}

const passwordSignIn = (email: string, password: string) => request('/api/login', { body: { username: email, password } });

describe('Require single sign-on: the switch', () => {
  it('needs a connection and a verified domain, and says which is missing', async () => {
    const admin = await registerOrganization();
    expect((await admin.call(REQUIREMENT)).body).toEqual({
      requireSso: false,
      admins: [{ id: admin.user.id, fullName: 'Ada Admin', username: admin.email, passwordAccess: false }],
      blockedBy: NEEDS_CONNECTION,
    });
    // A security change: confirmed on this session first.
    expect((await admin.call(REQUIREMENT, { method: 'PUT', body: { requireSso: true } })).body.code).toBe('STEP_UP_REQUIRED');
    await stepUp(admin);
    const noConnection = await admin.call(REQUIREMENT, { method: 'PUT', body: { requireSso: true } });
    expect(noConnection.status).toBe(400);
    expect(noConnection.body).toEqual({ message: NEEDS_CONNECTION, fieldErrors: { requireSso: NEEDS_CONNECTION } });

    expect((await admin.call('/api/organization/sso', { method: 'PUT', body: localIdp() })).status).toBe(200);
    const added = await admin.call('/api/organization/sso/domains', { body: { domain: uniqueDomain() } });
    expect(added.status).toBe(201);
    expect((await admin.call(REQUIREMENT)).body.blockedBy).toBe(NEEDS_VERIFIED_DOMAIN);
    const unverified = await admin.call(REQUIREMENT, { method: 'PUT', body: { requireSso: true } });
    expect(unverified.body.message).toBe(NEEDS_VERIFIED_DOMAIN);
    expect((await admin.call(REQUIREMENT)).body.requireSso).toBe(false);
    expect(await storedAuditEntries(admin.orgId, 'sso.requirement_changed')).toEqual([]);
  });

  it('turns on for admins who stepped up, keeps the acting admin’s password access, and is recorded', async () => {
    const { admin } = await ssoOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await staff.call(REQUIREMENT, { method: 'PUT', body: { requireSso: true } })).status).toBe(403);
    expect((await staff.call(REQUIREMENT)).status).toBe(403);

    expect(await requireSso(admin)).toEqual({
      requireSso: true,
      admins: [expect.objectContaining({ id: admin.user.id, passwordAccess: true })],
      blockedBy: null,
    });
    expect(await storedAuditEntries(admin.orgId, 'sso.requirement_changed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: expect.objectContaining({ type: 'organization', id: admin.orgId }),
        details: { requireSso: true, passwordAccessKeptBy: 'Ada Admin' },
      }),
    ]);

    const off = await admin.call(REQUIREMENT, { method: 'PUT', body: { requireSso: false } });
    expect(off.body).toMatchObject({ requireSso: false });
    expect((await storedAuditEntries(admin.orgId, 'sso.requirement_changed')).map((entry) => entry.details)).toEqual(
      expect.arrayContaining([{ requireSso: false }]),
    );
  });
});

describe('Require single sign-on: password sign-in', () => {
  it('refuses people at the verified domains, known or not, with where to sign in instead; others sign in as before', async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `ana@${domain}` });
    expect((await passwordSignIn(member.email, member.password)).status).toBe(200);
    await requireSso(admin);

    for (const [email, password] of [
      [member.email, member.password],
      [member.email, 'a wrong password'],
      [`nobody@${domain}`, 'anything'],
    ] as const) {
      const refused = await passwordSignIn(email, password);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: SSO_REQUIRED });
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    // Their way in: the identity provider.
    const browser = new Browser();
    expect((await browser.signInWithSso(member.email)).headers.get('location')).toBe('/dashboard');
    expect((await browser.call('/api/user')).body.id).toBe(member.user.id);
    // The admin's address is at no verified domain; it signs in as before.
    expect((await passwordSignIn(admin.email, admin.password)).status).toBe(200);
  });

  it("ends the password sessions of people at the verified domains when it is turned on, and of a domain verified while it is; the identity provider's and the break-glass admin's stay", async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `ana@${domain}` });
    const elsewhere = await addMemberDirectly(admin.orgId);
    const bySso = new Browser();
    expect((await bySso.signInWithSso(`bo@${domain}`)).headers.get('location')).toBe('/dashboard');
    expect((await member.call('/api/user')).status).toBe(200);
    await requireSso(admin);

    expect((await member.call('/api/user')).status).toBe(401);
    expect((await bySso.call('/api/user')).status).toBe(200);
    expect((await elsewhere.call('/api/user')).status).toBe(200);
    expect((await admin.call('/api/user')).status).toBe(200);

    // A second domain verified while SSO is required: its people's password sessions end the same way.
    const second = uniqueDomain();
    const later = await addMemberDirectly(admin.orgId, { email: `cy@${second}` });
    expect((await later.call('/api/user')).status).toBe(200);
    await verifyDomain(admin, second);
    expect((await later.call('/api/user')).status).toBe(401);
  });

  it('lets admins with password access (break-glass) sign in with their password; the last one keeps it (409)', async () => {
    const { admin, domain } = await ssoOrganization();
    const itAdmin = await addMemberDirectly(admin.orgId, { email: `it@${domain}`, role: 'admin', fullName: 'Ida Tech' });
    const staff = await addMemberDirectly(admin.orgId, { email: `sam@${domain}` });
    await requireSso(admin);
    expect((await passwordSignIn(itAdmin.email, itAdmin.password)).body).toEqual({ message: SSO_REQUIRED });

    await stepUp(admin);
    const granted = await admin.call(passwordAccessOf(itAdmin.user.id), { method: 'PUT', body: { passwordAccess: true } });
    expect(granted.status).toBe(200);
    expect(granted.body.admins).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: itAdmin.user.id, passwordAccess: true })]),
    );
    expect((await passwordSignIn(itAdmin.email, itAdmin.password)).status).toBe(200);
    // A wrong password of a break-glass account answers as any other address at the domain does, so
    // nobody learns which addresses keep password access.
    const wrong = await passwordSignIn(itAdmin.email, 'not it');
    const stranger = await passwordSignIn(`nobody-${Date.now()}@${domain}`, 'not it');
    expect([wrong.status, wrong.body]).toEqual([403, { message: SSO_REQUIRED }]);
    expect([stranger.status, stranger.body]).toEqual([wrong.status, wrong.body]);

    const toStaff = await admin.call(passwordAccessOf(staff.user.id), { method: 'PUT', body: { passwordAccess: true } });
    expect(toStaff.status).toBe(400);
    expect(toStaff.body.message).toBe('Only admins can keep password access.');

    expect((await admin.call(passwordAccessOf(admin.user.id), { method: 'PUT', body: { passwordAccess: false } })).status).toBe(
      200,
    );
    // One's own, given back and taken again.
    expect((await admin.call(passwordAccessOf(admin.user.id), { method: 'PUT', body: { passwordAccess: true } })).status).toBe(
      200,
    );
    expect((await admin.call(passwordAccessOf(admin.user.id), { method: 'PUT', body: { passwordAccess: false } })).status).toBe(
      200,
    );
    const last = await admin.call(passwordAccessOf(itAdmin.user.id), { method: 'PUT', body: { passwordAccess: false } });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ message: LAST_PASSWORD_ACCESS });
    expect((await admin.call(REQUIREMENT)).body.admins).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: itAdmin.user.id, passwordAccess: true }),
        expect.objectContaining({ id: admin.user.id, passwordAccess: false }),
      ]),
    );
    expect(
      (await storedAuditEntries(admin.orgId, 'sso.password_access_changed')).map((entry) => [entry.target.id, entry.details]),
    ).toEqual(
      expect.arrayContaining([
        [itAdmin.user.id, { passwordAccess: true }],
        [admin.user.id, { passwordAccess: false }],
      ]),
    );
  });

  it('leaves accounts of another organization at the domain (made before it was verified) to their own organization', async () => {
    const other = await registerOrganization();
    const domain = uniqueDomain();
    const elsewhere = await addMemberDirectly(other.orgId, { email: `kim@${domain}` });
    const admin = await registerOrganization();
    await verifyDomain(admin, domain);
    expect((await admin.call('/api/organization/sso', { method: 'PUT', body: localIdp() })).status).toBe(200);
    await requireSso(admin);
    expect((await passwordSignIn(elsewhere.email, elsewhere.password)).status).toBe(200);
  });
});

describe('Require single sign-on: passwords are neither reset nor given', () => {
  it('answers a reset request as always but mails no link, only where to sign in; an older link sets nothing', async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `rui-${crypto.randomUUID().slice(0, 6)}@${domain}` });
    expect((await request('/api/password-reset/request', { body: { username: member.email } })).status).toBe(200);
    const older = tokenFromMail(await waitForMail(member.email, 'Reset your'), '/reset-password');
    await requireSso(admin);

    const asked = await request('/api/password-reset/request', { body: { username: member.email } });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(member.email, 'with single sign-on');
    expect(mail.text).toContain('Sign in with SSO');
    expect(mail.text).not.toContain('/reset-password');

    const confirmed = await request('/api/password-reset/confirm', { body: { token: older, password: 'a-new-passphrase-here' } });
    expect(confirmed.status).toBe(400);
    expect(await storedAuditEntries(admin.orgId, 'user.password_reset')).toEqual([]);
  });

  it('refuses an admin’s Add User and password change for addresses at the verified domains', async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `lee@${domain}`, fullName: 'Lee Park' });
    await requireSso(admin);
    const added = await admin.call('/api/organization/users', {
      body: { username: `new@${domain}`, fullName: 'New Person', password: 'a-passphrase-of-theirs', role: 'staff' },
    });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ message: NO_PASSWORD, fieldErrors: { password: NO_PASSWORD } });
    const changed = await admin.call('/api/organization/users', {
      body: { username: member.email, fullName: 'Lee Park', password: 'a-passphrase-of-theirs', role: 'staff' },
    });
    expect(changed.body.fieldErrors).toEqual({ password: NO_PASSWORD });
    // A rename needs no password and is still the admin's to make; elsewhere, Add User is as before.
    expect(
      (await admin.call('/api/organization/users', { body: { username: member.email, fullName: 'Lee Park-Sun', role: 'staff' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await admin.call('/api/organization/users', {
          body: { username: uniqueEmail('outside'), fullName: 'Out Side', password: 'a-passphrase-of-theirs', role: 'staff' },
        })
      ).status,
    ).toBe(201);
  });

  it('accepts an invitation to such an address through SSO only, with the invitation’s role', async () => {
    const { admin, domain } = await ssoOrganization();
    const email = `ines-${crypto.randomUUID().slice(0, 6)}@${domain}`;
    const invitation = await invite(admin, email, 'admin');
    const { token } = await invitationMail(email);
    await requireSso(admin);

    const byPassword = await accept(token);
    expect(byPassword.status).toBe(400);
    expect(byPassword.body).toEqual({ message: INVITATION_BY_SSO, fieldErrors: { token: INVITATION_BY_SSO } });

    const browser = new Browser();
    expect((await browser.signInWithSso(email)).headers.get('location')).toBe('/dashboard');
    const me = (await browser.call('/api/user')).body;
    expect(me.roles[0]).toMatchObject({ role: 'admin', organization: { id: admin.orgId } });
    const listed = (await admin.call('/api/organization/invitations')).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === invitation.id)).toMatchObject({ status: 'accepted' });
    expect(await storedAuditEntries(admin.orgId, 'invitation.accepted')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: me.id }),
        details: expect.objectContaining({ role: 'admin', by: 'sso' }),
      }),
    ]);
    // The link is used up.
    expect((await accept(token)).status).toBe(400);
  });
});

describe('Require single sign-on: two-factor', () => {
  it('counts a session started by the identity provider as meeting the organization’s two-factor requirement', async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `mo@${domain}` });
    await enrol(admin);
    expect((await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: true } })).status).toBe(
      200,
    );

    // By password, the member must set two-factor up first.
    const byPassword = await passwordSignIn(member.email, member.password);
    expect(byPassword.body.mfaSetupRequired).toBe(true);
    // By the identity provider, the requirement is met.
    const browser = new Browser();
    await browser.signInWithSso(member.email);
    expect((await browser.call('/api/user')).body).toMatchObject({ id: member.user.id, mfaSetupRequired: false });
    expect((await browser.call('/api/projects')).status).toBe(200);
  });
});

describe('Deep links through single sign-on', () => {
  it('lands on the page the person was going to, checked as the password sign-in checks it', async () => {
    const { domain } = await ssoOrganization();
    const email = `deep-${crypto.randomUUID().slice(0, 6)}@${domain}`;
    const cases: [string | undefined, string][] = [
      ['/projects/01JD0000000000000000000000?tab=comments#c1', '/projects/01JD0000000000000000000000?tab=comments#c1'],
      ['https://evil.example/steal', '/dashboard'],
      ['//evil.example/steal', '/dashboard'],
      ['/\\evil.example', '/dashboard'],
      ['/auth?next=/help', '/dashboard'],
      [undefined, '/dashboard'],
    ];
    for (const [returnTo, landing] of cases) {
      const browser = new Browser();
      const started = await browser.start(email, returnTo);
      expect(started.status).toBe(200);
      const back = await browser.callback(await browser.signInAtIdp(started.body.redirectUrl, email));
      expect(back.headers.get('location'), String(returnTo)).toBe(landing);
    }
  });
});
