import { beforeAll, describe, expect, it } from 'vitest';
import { type ResponseOptions, TestSamlIdp, readAuthnRequest } from '../../test/support/test-saml-idp';
import type { SamlConnectionItem } from './item';
import { samlAuthorizationUrl, validateSamlResponse } from './saml';
import { parseIdpMetadata } from './saml-metadata';

const ORIGIN = 'https://app.example.test';
const ACS = `${ORIGIN}/api/sso/saml/acs`;

/**
 * Each check of a SAML response refuses for its own reason (docs/decisions/058): a real signed
 * response from the test IdP, broken in one way at a time. The ACS's whole path, and that a refusal
 * writes nothing, is test/integration/sso/saml-sign-in.test.ts.
 */
describe('SAML response checks', () => {
  let idp: TestSamlIdp;
  let connection: SamlConnectionItem;

  beforeAll(async () => {
    idp = await TestSamlIdp.create();
    const metadata = parseIdpMetadata(idp.metadataXml());
    connection = {
      type: 'SSO_CONNECTION',
      orgId: 'ORG1',
      protocol: 'saml',
      idpEntityId: metadata.entityId,
      ssoUrl: metadata.ssoUrl,
      certificates: metadata.certificates,
      jitRole: 'staff',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
  });

  /** A request made as POST /api/sso/start makes it, and the IdP's answer to it. */
  async function requested() {
    const { url, requestId } = await samlAuthorizationUrl(connection, ORIGIN);
    const request = readAuthnRequest(url);
    const answer: ResponseOptions = {
      inResponseTo: request.id,
      email: 'Ana@Acme.Example',
      audience: request.issuer!,
      acsUrl: request.acsUrl,
      givenName: 'Ana',
      surname: 'Lima',
    };
    return { requestId, request, answer };
  }

  it('asks the IdP of the metadata for an email NameID on our behalf, the answer to come to our ACS', async () => {
    const { request, requestId } = await requested();
    expect(`${request.url.origin}${request.url.pathname}`).toBe(idp.ssoUrl);
    expect(request).toMatchObject({ id: requestId, acsUrl: ACS, issuer: `${ORIGIN}/sso/saml/ORG1` });
    expect(request.xml).toContain('Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"');
    expect(request.xml).not.toContain('RequestedAuthnContext');
  });

  it('accepts a signed response to the request and reads the person from it', async () => {
    const { requestId, answer } = await requested();
    const assertion = await validateSamlResponse(connection, ORIGIN, idp.response(answer), requestId);
    expect(assertion).toMatchObject({ email: 'ana@acme.example', name: 'Ana Lima', assertionId: expect.stringMatching(/^_/) });
    expect(assertion.acceptedUntilMs).toBeGreaterThan(Date.now() + 5 * 60_000);
  });

  const refusals: [string, (answer: ResponseOptions) => Promise<ResponseOptions> | ResponseOptions, RegExp][] = [
    [
      'an unsigned response',
      (answer) => ({ ...answer, signResponse: false, signAssertion: false }),
      /Invalid document signature/,
    ],
    ['a signed response with an unsigned assertion', (answer) => ({ ...answer, signAssertion: false }), /Invalid signature/],
    [
      'a signed assertion in an unsigned response',
      (answer) => ({ ...answer, signResponse: false }),
      /Invalid document signature/,
    ],
    [
      'a response signed by another key',
      async (answer) => ({ ...answer, signWith: await TestSamlIdp.otherKey() }),
      /Invalid document signature/,
    ],
    [
      'an expired assertion',
      (answer) => ({ ...answer, issuedAtMs: Date.now() - 10 * 60_000 }),
      /expired|No valid subject confirmation/,
    ],
    [
      'an assertion not yet valid',
      (answer) => ({ ...answer, issuedAtMs: Date.now() + 10 * 60_000 }),
      /not yet valid|No valid subject confirmation/,
    ],
    [
      'an assertion for another audience',
      (answer) => ({ ...answer, audience: 'https://another.example.test/saml' }),
      /audience mismatch/,
    ],
    [
      'a response for another recipient',
      (answer) => ({ ...answer, recipient: 'https://another.example.test/acs' }),
      /Recipient is https:\/\/another\.example\.test\/acs/,
    ],
    [
      'a response sent to another destination',
      (answer) => ({ ...answer, destination: 'https://another.example.test/acs' }),
      /Destination is https:\/\/another\.example\.test\/acs/,
    ],
    [
      'a response to a request this browser did not make',
      (answer) => ({ ...answer, inResponseTo: '_someone-elses-request' }),
      /InResponseTo is not valid/,
    ],
  ];

  for (const [what, breakIt, reason] of refusals) {
    it(`refuses ${what}`, async () => {
      const { requestId, answer } = await requested();
      await expect(validateSamlResponse(connection, ORIGIN, idp.response(await breakIt(answer)), requestId)).rejects.toThrow(
        reason,
      );
    });
  }

  it('refuses an assertion of another issuer, even signed with the trusted key', async () => {
    const { requestId, answer } = await requested();
    await expect(
      validateSamlResponse(
        { ...connection, idpEntityId: 'https://other-idp.example.test' },
        ORIGIN,
        idp.response(answer),
        requestId,
      ),
    ).rejects.toThrow(/issuer is/);
  });
});
