import { describe, expect, it } from 'vitest';
import { type ResponseOptions, TestSamlIdp, readAuthnRequest } from '../../support/test-saml-idp';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { registerOrganization } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { addMemberDirectly } from '../support/org-members';
import { stepUp } from '../support/two-factor';
import { Browser, uniqueDomain, verifyDomain } from './sso-support';

const SESSION_COOKIE = '__Host-growthwise_session';
const SAML_COOKIE = '__Secure-growthwise_saml';
const REFUSED = '/auth?sso=failed';

/** An organization with a verified domain connected to a test SAML IdP. */
async function samlOrganization() {
  const admin = await registerOrganization();
  const domain = uniqueDomain();
  await verifyDomain(admin, domain);
  const idp = await TestSamlIdp.create(functionsNow);
  const saved = await admin.call('/api/organization/sso', {
    method: 'PUT',
    body: { protocol: 'saml', metadataXml: idp.metadataXml() },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { admin, domain, idp };
}

/** A browser that started a SAML sign-in for `email`: what the IdP got (our AuthnRequest), and the response options that answer it. */
async function startedAt(idp: TestSamlIdp, email: string, returnTo?: string) {
  const browser = new Browser();
  const started = await browser.start(email, returnTo);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const request = readAuthnRequest(started.body.redirectUrl);
  const answer: ResponseOptions = { inResponseTo: request.id, email, audience: request.issuer!, acsUrl: request.acsUrl };
  return { browser, request, answer, idp };
}

describe('SAML connection settings', () => {
  it('shows what the IdP needs from us, saves the metadata the IdP gives, shows what it read, and records it', async () => {
    const admin = await registerOrganization();
    const before = (await admin.call('/api/organization/sso')).body;
    expect(before.connection).toBeNull();
    expect(before.saml.acsUrl).toMatch(/^http:\/\/localhost:\d+\/api\/sso\/saml\/acs$/);
    expect(before.saml.entityId).toMatch(new RegExp(`/sso/saml/${admin.orgId}$`));
    expect(before.saml.metadataXml).toContain(`entityID="${before.saml.entityId}"`);
    expect(before.saml.metadataXml).toContain(`Location="${before.saml.acsUrl}"`);
    expect(before.saml.metadataXml).toContain('WantAssertionsSigned="true"');

    const idp = await TestSamlIdp.create(functionsNow);
    await stepUp(admin);
    const saved = await admin.call('/api/organization/sso', {
      method: 'PUT',
      body: { protocol: 'saml', metadataXml: idp.metadataXml(), jitRole: 'staff' },
    });
    expect(saved.status).toBe(200);
    const connection = {
      protocol: 'saml',
      idpEntityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificates: [
        {
          subject: 'CN=Test SAML IdP',
          fingerprintSha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
          expiresAt: expect.any(String),
        },
      ],
      jitRole: 'staff',
      updatedAt: expect.any(String),
    };
    expect(saved.body.connection).toEqual(connection);
    expect((await admin.call('/api/organization/sso')).body).toEqual({ ...before, connection });
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_changed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        details: { protocol: 'saml', idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl, jitRole: 'staff' },
      }),
    ]);
  });

  it('refuses metadata it cannot use, saying under the field what is wrong, and saves nothing', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    const metadata = (await TestSamlIdp.create(functionsNow)).metadataXml();
    const cases: [string, RegExp][] = [
      ['<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"', /not well-formed XML/],
      ['<html><body>Sign in</body></html>', /no SAML 2.0 identity provider/],
      [metadata.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, ''), /no signing certificate/],
      [
        metadata.replace(/<ds:X509Certificate>[^<]+</, '<ds:X509Certificate>bm90IGEgY2VydGlmaWNhdGU=<'),
        /cannot be read as an X\.509 certificate/,
      ],
      [
        metadata.replace(/<md:SingleSignOnService Binding="[^"]+HTTP-Redirect"[^>]*\/>/, ''),
        /no single sign-on service for the HTTP-Redirect binding/,
      ],
      ['', /Paste your identity provider’s SAML metadata XML/],
    ];
    for (const [metadataXml, message] of cases) {
      const refused = await admin.call('/api/organization/sso', { method: 'PUT', body: { protocol: 'saml', metadataXml } });
      expect(refused.status, metadataXml.slice(0, 80)).toBe(400);
      expect(refused.body.fieldErrors.metadataXml).toMatch(message);
    }
    expect((await admin.call('/api/organization/sso')).body.connection).toBeNull();
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_changed')).toEqual([]);
  });

  it('is a security change for admins: without a step-up 403 STEP_UP_REQUIRED', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call('/api/organization/sso', {
      method: 'PUT',
      body: { protocol: 'saml', metadataXml: (await TestSamlIdp.create(functionsNow)).metadataXml() },
    });
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect((await admin.call('/api/organization/sso')).body.connection).toBeNull();
  });
});

describe('SAML sign-in with the test IdP', () => {
  it('sends the browser to the IdP with an AuthnRequest and keeps the request in a cookie of its own', async () => {
    const { domain, idp, admin } = await samlOrganization();
    const browser = new Browser();
    const started = await browser.start(`someone@${domain}`);
    expect(started.status).toBe(200);
    const request = readAuthnRequest(started.body.redirectUrl);
    expect(`${request.url.origin}${request.url.pathname}`).toBe(idp.ssoUrl);
    expect(request.id).toMatch(/^_[0-9a-f]+$/);
    expect(request.acsUrl).toMatch(/\/api\/sso\/saml\/acs$/);
    expect(request.issuer).toMatch(new RegExp(`/sso/saml/${admin.orgId}$`));
    const cookie = started.headers.getSetCookie().find((value) => value.startsWith(`${SAML_COOKIE}=`));
    // The IdP comes back by a cross-site POST: only SameSite=None lets the cookie through, and only to the ACS.
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=None; Path=\/api\/sso\/saml\/; Max-Age=600/);
  });

  it('creates an unknown person at a verified domain as staff, signs them in with the session cookie and lands on /dashboard', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const email = `new.person@${domain}`;
    const { browser, answer } = await startedAt(idp, email);
    const back = await browser.postSamlResponse(idp.response({ ...answer, givenName: 'Nova', surname: 'Person' }));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/dashboard');
    expect(
      back.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && /HttpOnly; Secure; SameSite=Lax; Path=\//.test(cookie)),
    ).toBe(true);
    expect(browser.app.has(SAML_COOKIE)).toBe(false);

    const me = await browser.call('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: email,
      fullName: 'Nova Person',
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

    // The next sign-in, with a new request and a new assertion, finds the same person.
    const again = await startedAt(idp, email);
    expect((await again.browser.postSamlResponse(idp.response(again.answer))).headers.get('location')).toBe('/dashboard');
    expect((await again.browser.call('/api/user')).body.id).toBe(me.body.id);
  });

  it('signs an existing member in as themselves', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const member = await addMemberDirectly(admin.orgId, { email: `ana@${domain}`, fullName: 'Ana Lima' });
    const { browser, answer } = await startedAt(idp, `ana@${domain}`);
    await browser.postSamlResponse(idp.response(answer));
    expect((await browser.call('/api/user')).body).toMatchObject({ id: member.user.id, fullName: 'Ana Lima' });
  });
});

describe('SAML sign-in: the way back', () => {
  it('lands on the page the person was going to, and on the site itself for a return path whose dot segment would parse into another host', async () => {
    const { domain, idp } = await samlOrganization();
    const email = `dots@${domain}`;
    const cases: [string, string][] = [
      ['/projects/01JD0000000000000000000000?tab=comments', '/projects/01JD0000000000000000000000?tab=comments'],
      // Issue 63, finding 3: each passed the old raw-text check, then parsing collapsed it into '//evil.example'.
      ['/.//evil.example', '/dashboard'],
      ['/a/..//evil.example', '/dashboard'],
      ['/%2e//evil.example', '/dashboard'],
      ['/./\\evil.example', '/dashboard'],
    ];
    for (const [returnTo, landing] of cases) {
      const { browser, answer } = await startedAt(idp, email, returnTo);
      const back = await browser.postSamlResponse(idp.response(answer));
      expect(back.status).toBe(303);
      expect(back.headers.get('location'), returnTo).toBe(landing);
    }
  });
});

describe('SAML sign-in: refused responses write nothing and land on /auth', () => {
  /** A refused response: to /auth?sso=failed, no session cookie, the pending cookie cleared, and nobody created or signed in. */
  async function expectRefused(back: Response, browser: Browser, orgId: string) {
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(REFUSED);
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(browser.app.has(SAML_COOKIE)).toBe(false);
    expect((await browser.call('/api/user')).status).toBe(401);
    expect(await storedAuditEntries(orgId, 'user.added')).toEqual([]);
    expect((await storedAuditEntries(orgId, 'session.signed_in')).filter((entry) => entry.details?.method === 'sso')).toEqual([]);
  }

  it('refuses an unsigned response', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await browser.postSamlResponse(idp.response({ ...answer, signResponse: false, signAssertion: false })),
      browser,
      admin.orgId,
    );
  });

  it('refuses a signed response whose assertion is not signed, and a signed assertion in an unsigned response', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const first = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await first.browser.postSamlResponse(idp.response({ ...first.answer, signAssertion: false })),
      first.browser,
      admin.orgId,
    );
    const second = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await second.browser.postSamlResponse(idp.response({ ...second.answer, signResponse: false })),
      second.browser,
      admin.orgId,
    );
  });

  it('refuses a response signed by a key the metadata does not name', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await browser.postSamlResponse(idp.response({ ...answer, signWith: await TestSamlIdp.otherKey() })),
      browser,
      admin.orgId,
    );
  });

  it('refuses a response tampered with after signing (another address)', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    const tampered = Buffer.from(
      Buffer.from(idp.response(answer), 'base64').toString('utf8').replaceAll(`eve@${domain}`, `boss@${domain}`),
    ).toString('base64');
    await expectRefused(await browser.postSamlResponse(tampered), browser, admin.orgId);
  });

  it('refuses an expired assertion, and one not yet valid, by the functions’ clock', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const expired = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await expired.browser.postSamlResponse(idp.response({ ...expired.answer, issuedAtMs: functionsNow() - 10 * 60_000 })),
      expired.browser,
      admin.orgId,
    );
    const early = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await early.browser.postSamlResponse(idp.response({ ...early.answer, issuedAtMs: functionsNow() + 10 * 60_000 })),
      early.browser,
      admin.orgId,
    );
  });

  it('refuses a replayed assertion, even with the pending cookie of its first use', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    const pendingCookie = browser.app.header;
    const response = idp.response(answer);
    expect((await browser.postSamlResponse(response)).headers.get('location')).toBe('/dashboard');
    const signedIn = await storedAuditEntries(admin.orgId, 'session.signed_in');

    const attacker = new Browser();
    const replayed = await attacker.postSamlResponse(response, pendingCookie);
    expect(replayed.headers.get('location')).toBe(REFUSED);
    expect(replayed.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect((await attacker.call('/api/user')).status).toBe(401);
    expect(await storedAuditEntries(admin.orgId, 'session.signed_in')).toHaveLength(signedIn.length);
    expect(await storedAuditEntries(admin.orgId, 'user.added')).toHaveLength(1);
  });

  it('refuses an assertion for another audience (another service provider)', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await browser.postSamlResponse(idp.response({ ...answer, audience: 'https://another-app.example.test/saml' })),
      browser,
      admin.orgId,
    );
  });

  it('refuses a response for another recipient, and one sent to another destination', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const recipient = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await recipient.browser.postSamlResponse(
        idp.response({ ...recipient.answer, recipient: 'https://another-app.example.test/acs' }),
      ),
      recipient.browser,
      admin.orgId,
    );
    const destination = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await destination.browser.postSamlResponse(
        idp.response({ ...destination.answer, destination: 'https://another-app.example.test/acs' }),
      ),
      destination.browser,
      admin.orgId,
    );
  });

  it('refuses a response to a request this browser did not make (InResponseTo unknown), and one in a browser that started nothing (login CSRF)', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const { browser, answer } = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await browser.postSamlResponse(idp.response({ ...answer, inResponseTo: '_not-a-request-we-issued' })),
      browser,
      admin.orgId,
    );
    const attacker = await startedAt(idp, `mallory@${domain}`);
    const victim = new Browser();
    await expectRefused(await victim.postSamlResponse(idp.response(attacker.answer)), victim, admin.orgId);
  });

  it('refuses a person at a domain the organization did not verify, and an address of another organization’s account', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const outside = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await outside.browser.postSamlResponse(idp.response({ ...outside.answer, email: `eve@${uniqueDomain()}` })),
      outside.browser,
      admin.orgId,
    );
    const other = await registerOrganization();
    await addMemberDirectly(other.orgId, { email: `taken@${domain}` });
    const taken = await startedAt(idp, `taken@${domain}`);
    await expectRefused(await taken.browser.postSamlResponse(idp.response(taken.answer)), taken.browser, admin.orgId);
  });

  it('refuses a post without a SAMLResponse, or one that is not SAML at all', async () => {
    const { admin, domain, idp } = await samlOrganization();
    const empty = await startedAt(idp, `eve@${domain}`);
    await expectRefused(await empty.browser.postSamlResponse(''), empty.browser, admin.orgId);
    const garbage = await startedAt(idp, `eve@${domain}`);
    await expectRefused(
      await garbage.browser.postSamlResponse(Buffer.from('<not-saml/>').toString('base64')),
      garbage.browser,
      admin.orgId,
    );
  });
});
