import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { login, registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { stepUp } from '../support/two-factor';
import { Browser, localIdp, ssoOrganization, uniqueDomain, verifyDomain } from './sso-support';

const NOT_AVAILABLE =
  'Single sign-on is not set up for this email address. Sign in with your password, or ask your administrator.';
const SESSION_COOKIE = '__Host-growthwise_session';

describe('OIDC connection settings', () => {
  it('saves the connection once its discovery document is read, shows it without the secret, and records it', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/organization/sso')).body).toEqual({
      connection: null,
      redirectUri: expect.stringMatching(/\/api\/sso\/oidc\/callback$/),
      saml: expect.any(Object),
    });
    await stepUp(admin);
    const saved = await admin.call('/api/organization/sso', { method: 'PUT', body: localIdp() });
    expect(saved.status).toBe(200);
    const expected = {
      connection: {
        protocol: 'oidc',
        issuer: localIdp().issuer,
        clientId: localIdp().clientId,
        jitRole: 'staff',
        updatedAt: expect.any(String),
      },
      redirectUri: expect.any(String),
      saml: expect.any(Object),
    };
    expect(saved.body).toEqual(expected);
    expect((await admin.call('/api/organization/sso')).body).toEqual(expected);
    expect((await admin.call('/api/organization/sso')).text).not.toContain(localIdp().clientSecret);
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_changed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        details: { protocol: 'oidc', issuer: localIdp().issuer, clientId: localIdp().clientId, jitRole: 'staff' },
      }),
    ]);
  });

  it('refuses an issuer whose discovery document cannot be read (400 under the issuer) and saves nothing', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    const refused = await admin.call('/api/organization/sso', {
      method: 'PUT',
      body: { ...localIdp(), issuer: 'http://127.0.0.1:9/nothing-here' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ issuer: 'Could not read the identity provider’s configuration at this URL' });
    expect((await admin.call('/api/organization/sso')).body.connection).toBeNull();
  });

  // Issue 63 (low): discovery went to any host and port. On this local stage only loopback is allowed (the local
  // identity provider); the cloud stages' refusal of loopback is functions/sso/connections.test.ts.
  it('refuses an issuer on a private or link-local address, saying so under the issuer, and saves nothing', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    for (const issuer of ['http://169.254.169.254/latest', 'http://10.0.0.1/', 'http://[::ffff:192.168.0.1]/']) {
      const refused = await admin.call('/api/organization/sso', { method: 'PUT', body: { ...localIdp(), issuer } });
      expect(refused.status, issuer).toBe(400);
      expect(refused.body.fieldErrors).toEqual({
        issuer: 'This address can’t be reached from Growthwise: enter your identity provider’s public https URL',
      });
    }
    expect((await admin.call('/api/organization/sso')).body.connection).toBeNull();
  });

  it('is a security change for admins: without a step-up 403 STEP_UP_REQUIRED, staff 403', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call('/api/organization/sso', { method: 'PUT', body: localIdp() });
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await staff.call('/api/organization/sso', { method: 'PUT', body: localIdp() })).status).toBe(403);
    expect((await staff.call('/api/organization/sso')).status).toBe(403);
    expect((await admin.call('/api/organization/sso')).body.connection).toBeNull();
  });
});

describe('OIDC sign-in against the local identity provider', () => {
  it('creates an unknown person at a verified domain as staff, signs them in with the session cookie and lands on /dashboard', async () => {
    const { admin, domain } = await ssoOrganization();
    const email = `new.person@${domain}`;
    const browser = new Browser();
    const back = await browser.signInWithSso(email);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/dashboard');
    expect(
      back.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && /HttpOnly; Secure; SameSite=Lax; Path=\//.test(cookie)),
    ).toBe(true);

    const me = await browser.call('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: email,
      fullName: 'New Person',
      roles: [{ role: 'staff', organization: { id: admin.orgId } }],
    });
    expect(await storedAuditEntries(admin.orgId, 'user.added')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: 'sso', fullName: 'SSO' }),
        target: expect.objectContaining({ id: me.body.id }),
        details: { role: 'staff', by: 'sso' },
      }),
    ]);
    expect(await storedAuditEntries(admin.orgId, 'session.signed_in')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: expect.objectContaining({ id: me.body.id }), details: { method: 'sso' } }),
      ]),
    );

    // The second sign-in finds the same person.
    const again = new Browser();
    expect((await again.signInWithSso(email)).headers.get('location')).toBe('/dashboard');
    expect((await again.call('/api/user')).body.id).toBe(me.body.id);
  });

  it('creates people with the role the connection names', async () => {
    const { domain } = await ssoOrganization({ jitRole: 'admin' });
    const browser = new Browser();
    await browser.signInWithSso(`lead@${domain}`);
    expect((await browser.call('/api/user')).body.roles[0].role).toBe('admin');
  });

  it('signs an existing member in as themselves', async () => {
    const { admin, domain } = await ssoOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `ana@${domain}`, fullName: 'Ana Lima' });
    const browser = new Browser();
    await browser.signInWithSso(`ana@${domain}`);
    expect((await browser.call('/api/user')).body).toMatchObject({ id: member.user.id, fullName: 'Ana Lima' });
  });

  // Issue 63, finding 3: each passed the old raw-text check, then parsing collapsed it into '//evil.example'.
  it('lands on the site itself for a return path whose dot segment would parse into another host', async () => {
    const { domain } = await ssoOrganization();
    const email = `dots-${crypto.randomUUID().slice(0, 6)}@${domain}`;
    for (const returnTo of ['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/./\\evil.example']) {
      const browser = new Browser();
      const started = await browser.start(email, returnTo);
      expect(started.status).toBe(200);
      const back = await browser.callback(await browser.signInAtIdp(started.body.redirectUrl, email));
      expect(back.status).toBe(302);
      expect(back.headers.get('location'), returnTo).toBe('/dashboard');
    }
  });

  it('answers every email at no verified, connected domain alike, and sets no cookie', async () => {
    const verifiedOnly = await registerOrganization();
    const domain = uniqueDomain();
    await verifyDomain(verifiedOnly, domain);
    const answers = [];
    for (const email of [`someone@${domain}`, `someone@${uniqueDomain()}`, verifiedOnly.email]) {
      const started = await new Browser().start(email);
      answers.push({ status: started.status, body: started.body, cookies: started.headers.getSetCookie() });
    }
    expect(answers).toEqual(
      Array(3).fill({ status: 400, body: { message: NOT_AVAILABLE, fieldErrors: { email: NOT_AVAILABLE } }, cookies: [] }),
    );
  });
});

describe('OIDC sign-in: refused callbacks write nothing and land on /auth', () => {
  /** A refused callback: to /auth?sso=failed, no session cookie, and the person was not created. */
  async function expectRefused(back: Response, browser: Browser, orgId: string) {
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/auth?sso=failed');
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect((await browser.call('/api/user')).status).toBe(401);
    expect(await storedAuditEntries(orgId, 'user.added')).toEqual([]);
  }

  it('refuses a callback whose state is not this browser’s sign-in', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = new Browser();
    const back = await browser.returnUrlFor(`eve@${domain}`);
    back.searchParams.set('state', 'not-the-state-this-browser-started');
    await expectRefused(await browser.callback(back), browser, admin.orgId);
  });

  it('refuses a callback in a browser that started no sign-in (login CSRF: a code from someone else)', async () => {
    const { admin, domain } = await ssoOrganization();
    const attacker = new Browser();
    const url = await attacker.returnUrlFor(`mallory@${domain}`);
    const victim = new Browser();
    await expectRefused(await victim.callback(url), victim, admin.orgId);
  });

  it('refuses a callback that names another issuer', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = new Browser();
    const back = await browser.returnUrlFor(`eve@${domain}`);
    back.searchParams.set('iss', 'https://evil.example');
    await expectRefused(await browser.callback(back), browser, admin.orgId);
  });

  it('refuses a callback replayed in another browser', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = new Browser();
    const back = await browser.returnUrlFor(`eve@${domain}`);
    // The first use signs in; the pending cookie is then gone, and with it the second use.
    expect((await browser.callback(back)).headers.get('location')).toBe('/dashboard');
    const second = new Browser();
    await second.start(`eve@${domain}`);
    const replayed = await second.callback(back);
    expect(replayed.headers.get('location')).toBe('/auth?sso=failed');
    expect((await second.call('/api/user')).status).toBe(401);
    expect(await storedAuditEntries(admin.orgId, 'user.added')).toHaveLength(1);
  });

  it('refuses a person the identity provider names at a domain the organization did not verify', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = new Browser();
    await expectRefused(await browser.signInWithSso(`eve@${domain}`, `eve@${uniqueDomain()}`), browser, admin.orgId);
  });

  it('refuses an address that belongs to an account of another organization', async () => {
    const { admin, domain } = await ssoOrganization();
    const other = await registerOrganization();
    await addMemberDirectly(other.orgId, { email: `taken@${domain}` });
    const browser = new Browser();
    await expectRefused(await browser.signInWithSso(`taken@${domain}`), browser, admin.orgId);
  });

  it('refuses an address a registration of another organization holds, verified or not, and its owner still signs in (issue 63, finding 1)', async () => {
    const { admin, domain } = await ssoOrganization();
    const owner = await registerOrganization({ email: `fresh@${domain}`, password: 'owners-password-1' });
    const browser = new Browser();
    await expectRefused(await browser.signInWithSso(owner.email), browser, admin.orgId);
    await expect(login(owner.email, 'owners-password-1')).resolves.toBeDefined();
  });

  it('refuses when the person cancels at the identity provider', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = new Browser();
    await browser.start(`eve@${domain}`);
    await expectRefused(await browser.callback('/api/sso/oidc/callback?error=access_denied&state=x'), browser, admin.orgId);
  });
});
