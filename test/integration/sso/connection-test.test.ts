import { describe, expect, it } from 'vitest';
import { TestSamlIdp, readAuthnRequest } from '../../support/test-saml-idp';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { login, registerOrganization, request } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { addMemberDirectly } from '../support/org-members';
import { stepUp } from '../support/two-factor';
import { Browser, ssoOrganization, uniqueDomain, verifyDomain } from './sso-support';

const SESSION_COOKIE = '__Host-growthwise_session';
const RESULT_COOKIE = '__Secure-growthwise_sso_test';
const RESULT_PAGE = '/sso/test-result';

/** The callback of a test: on the result page, with the result's cookie and never a session cookie. */
function expectLandedOnResult(back: Response) {
  expect(back.headers.get('location')).toBe(RESULT_PAGE);
  const cookies = back.headers.getSetCookie();
  expect(cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  expect(cookies.find((cookie) => cookie.startsWith(`${RESULT_COOKIE}=`))).toMatch(
    /HttpOnly; Secure; SameSite=Lax; Path=\/api\/organization\/sso\/test-result; Max-Age=600/,
  );
}

/** Nobody was created or signed in by single sign-on in the organization. */
async function expectNobodySignedIn(orgId: string) {
  expect(await storedAuditEntries(orgId, 'user.added')).toEqual([]);
  expect((await storedAuditEntries(orgId, 'session.signed_in')).filter((entry) => entry.details.method === 'sso')).toEqual([]);
}

describe('Test connection with OpenID Connect (the local identity provider)', () => {
  it('reports the claims received and that the domain is verified, creating no user, no session and no sign-in', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = Browser.of(admin);
    const started = await browser.startTest();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const back = await browser.callback(await browser.signInAtIdp(started.body.redirectUrl, `tess.tester@${domain}`));
    expect(back.status).toBe(302);
    expectLandedOnResult(back);

    const result = await browser.call('/api/organization/sso/test-result');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      outcome: 'passed',
      protocol: 'oidc',
      email: `tess.tester@${domain}`,
      name: 'Tess Tester',
      subject: expect.any(String),
      domainVerified: true,
      reason: null,
    });
    expect((await browser.call('/api/user')).body.id).toBe(admin.user.id);
    await expectNobodySignedIn(admin.orgId);
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_tested')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        details: { protocol: 'oidc', outcome: 'passed', email: `tess.tester@${domain}`, domainVerified: true, reason: null },
      }),
    ]);
  });

  it('says when the address is at no domain the organization verified', async () => {
    const { admin } = await ssoOrganization();
    const browser = Browser.of(admin);
    const started = await browser.startTest();
    await browser.callback(await browser.signInAtIdp(started.body.redirectUrl, `someone@${uniqueDomain()}`));
    expect((await browser.call('/api/organization/sso/test-result')).body).toMatchObject({
      outcome: 'passed',
      domainVerified: false,
    });
    await expectNobodySignedIn(admin.orgId);
  });

  it('reports a refused answer (a state that is not the test’s) with its reason, and signs nobody in', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = Browser.of(admin);
    const started = await browser.startTest();
    const back = await browser.signInAtIdp(started.body.redirectUrl, `tess@${domain}`);
    back.searchParams.set('state', 'not-the-state-of-this-test');
    expectLandedOnResult(await browser.callback(back));
    const result = await browser.call('/api/organization/sso/test-result');
    expect(result.body).toMatchObject({
      outcome: 'refused',
      protocol: 'oidc',
      email: null,
      reason: expect.stringMatching(/state/),
    });
    await expectNobodySignedIn(admin.orgId);
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_tested')).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ outcome: 'refused', reason: expect.stringMatching(/state/) }),
      }),
    ]);
  });
  it('reports a sign-in cancelled at the identity provider as refused, on the result page', async () => {
    const { admin } = await ssoOrganization();
    const browser = Browser.of(admin);
    await browser.startTest();
    expectLandedOnResult(await browser.callback('/api/sso/oidc/callback?error=access_denied&state=x'));
    expect((await browser.call('/api/organization/sso/test-result')).body).toMatchObject({
      outcome: 'refused',
      reason: 'the identity provider answered access_denied',
    });
    await expectNobodySignedIn(admin.orgId);
  });
});

describe('Test connection with SAML (the test identity provider)', () => {
  async function samlOrganization() {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    await verifyDomain(admin, domain);
    const idp = await TestSamlIdp.create(functionsNow);
    expect(
      (await admin.call('/api/organization/sso', { method: 'PUT', body: { protocol: 'saml', metadataXml: idp.metadataXml() } }))
        .status,
    ).toBe(200);
    const browser = Browser.of(admin);
    const started = await browser.startTest();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const request = readAuthnRequest(started.body.redirectUrl);
    return {
      admin,
      domain,
      idp,
      browser,
      answer: { inResponseTo: request.id, audience: request.issuer!, acsUrl: request.acsUrl },
    };
  }

  it('reports the claims of the signed response, creating no user, no session and no sign-in', async () => {
    const { admin, domain, idp, browser, answer } = await samlOrganization();
    const back = await browser.postSamlResponse(
      idp.response({ ...answer, email: `sam@${domain}`, givenName: 'Sam', surname: 'Saml' }),
    );
    expect(back.status).toBe(303);
    expectLandedOnResult(back);
    expect((await browser.call('/api/organization/sso/test-result')).body).toEqual({
      outcome: 'passed',
      protocol: 'saml',
      email: `sam@${domain}`,
      name: 'Sam Saml',
      subject: expect.any(String),
      domainVerified: true,
      reason: null,
    });
    await expectNobodySignedIn(admin.orgId);
    expect(await storedAuditEntries(admin.orgId, 'sso.connection_tested')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        details: expect.objectContaining({ protocol: 'saml', outcome: 'passed' }),
      }),
    ]);
  });

  it('reports a response for another audience as refused, with the reason', async () => {
    const { admin, domain, idp, browser, answer } = await samlOrganization();
    const back = await browser.postSamlResponse(
      idp.response({ ...answer, email: `sam@${domain}`, audience: 'https://another-app.example.test/saml' }),
    );
    expectLandedOnResult(back);
    expect((await browser.call('/api/organization/sso/test-result')).body).toMatchObject({
      outcome: 'refused',
      protocol: 'saml',
      reason: expect.stringMatching(/audience/i),
    });
    await expectNobodySignedIn(admin.orgId);
  });
});

describe('Test connection: for the admin who started it only', () => {
  it('is an admin’s security change: without a step-up 403 STEP_UP_REQUIRED, staff 403, and 400 with no connection', async () => {
    const { admin } = await ssoOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await Browser.of(staff).startTest()).status).toBe(403);
    expect((await staff.call('/api/organization/sso/test-result')).status).toBe(403);

    const unconnected = await registerOrganization();
    expect((await Browser.of(unconnected).startTest()).body.code).toBe('STEP_UP_REQUIRED');
    await stepUp(unconnected);
    expect((await Browser.of(unconnected).startTest()).body).toMatchObject({ message: 'Save a connection before testing it.' });
  });

  it('shows a result to no other session, even one given the result’s cookie', async () => {
    const { admin, domain } = await ssoOrganization();
    const browser = Browser.of(admin);
    const started = await browser.startTest();
    await browser.callback(await browser.signInAtIdp(started.body.redirectUrl, `tess@${domain}`));
    expect((await browser.call('/api/organization/sso/test-result')).status).toBe(200);
    const resultCookie = browser.app.header.split('; ').find((pair) => pair.startsWith(`${RESULT_COOKIE}=`))!;

    const otherOrganization = await registerOrganization();
    expect(
      (await request('/api/organization/sso/test-result', { cookie: `${otherOrganization.cookie}; ${resultCookie}` })).status,
    ).toBe(404);
    const otherSessionOfTheAdmin = await login(admin.email, admin.password);
    expect(
      (await request('/api/organization/sso/test-result', { cookie: `${otherSessionOfTheAdmin.cookie}; ${resultCookie}` }))
        .status,
    ).toBe(404);
    expect((await request('/api/organization/sso/test-result', { cookie: resultCookie })).status).toBe(401);
  });
});
