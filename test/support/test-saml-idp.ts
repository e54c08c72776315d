// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import * as x509 from '@peculiar/x509';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider built in the tests (issue 40, item 6; unit and integration tests): a real RSA key pair and a
 * self-signed certificate made at test time, its metadata, and responses signed with xml-crypto
 * (the library node-saml verifies with). Each option of `response` breaks one thing a real IdP or
 * an attacker could get wrong, so each check of the ACS is shown to refuse it.
 */

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const SAML_NS = 'xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const MINUTE = 60_000;

interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
  /** base64 DER, as metadata carries it. */
  certificateBase64: string;
}

async function newSigningKey(name: string): Promise<SigningKey> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(8).toString('hex'),
      name: `CN=${name}`,
      notBefore: new Date(Date.now() - 24 * 60 * MINUTE),
      notAfter: new Date(Date.now() + 365 * 24 * 60 * MINUTE),
      signingAlgorithm: RSA,
      keys,
    },
    webcrypto as unknown as Crypto,
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return {
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`,
    certificatePem: certificate.toString('pem'),
    certificateBase64: certificate.toString('base64'),
  };
}

/** Signs the element `xpath` names (enveloped, exclusive c14n, RSA-SHA256), the signature placed after its Issuer as the schema wants. */
function sign(xml: string, element: 'Assertion' | 'Response', key: SigningKey): string {
  const xpath = element === 'Response' ? "/*[local-name(.)='Response']" : "//*[local-name(.)='Assertion']";
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    canonicalizationAlgorithm: EXC_C14N,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  signer.addReference({
    xpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, { location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
const xmlId = () => `_${randomBytes(16).toString('hex')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** What our AuthnRequest said (the SAMLRequest of the redirect URL, deflated and base64 as the Redirect binding carries it). */
export function readAuthnRequest(redirectUrl: string) {
  const url = new URL(redirectUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(xml)?.[1];
  return {
    url,
    xml,
    id: attribute('ID')!,
    acsUrl: attribute('AssertionConsumerServiceURL')!,
    issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1],
  };
}

export interface ResponseOptions {
  /** The AuthnRequest's id this answers. */
  inResponseTo: string;
  email: string;
  /** Our entity id, the assertion's audience. */
  audience: string;
  /** Our ACS URL: the response's Destination and the confirmation's Recipient unless those are given. */
  acsUrl: string;
  destination?: string;
  recipient?: string;
  givenName?: string;
  surname?: string;
  /** When the assertion was issued, by the functions' clock (the IdP's now by default): NotBefore a minute before, NotOnOrAfter five minutes after. */
  issuedAtMs?: number;
  signResponse?: boolean;
  signAssertion?: boolean;
  /** Sign with a key the metadata does not name (another IdP's, or an attacker's). */
  signWith?: SigningKey;
}

export class TestSamlIdp {
  readonly entityId = `https://idp-${randomBytes(4).toString('hex')}.example.test/saml`;
  readonly ssoUrl = `${this.entityId}/sso`;

  private constructor(
    readonly key: SigningKey,
    private readonly now: () => number,
  ) {}

  /** `now`: the time the functions go by (the integration tests' shifted clock, test/integration/support/functions-clock.ts). */
  static async create(now: () => number = Date.now): Promise<TestSamlIdp> {
    return new TestSamlIdp(await newSigningKey('Test SAML IdP'), now);
  }

  /** A key pair and certificate of nobody this organization trusts. */
  static otherKey(): Promise<SigningKey> {
    return newSigningKey('Someone else');
  }

  /** The IdP's metadata, as an admin downloads it from their IdP. */
  metadataXml(): string {
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escape(this.entityId)}">`,
      '  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
      `    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${this.key.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
      '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
      `    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escape(this.ssoUrl)}"/>`,
      `    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escape(this.ssoUrl)}"/>`,
      '  </md:IDPSSODescriptor>',
      '</md:EntityDescriptor>',
    ].join('\n');
  }

  /** A SAMLResponse (base64, as the HTTP-POST binding's form field carries it): signed response and assertion unless told otherwise. */
  response(options: ResponseOptions): string {
    const issued = options.issuedAtMs ?? this.now();
    const notBefore = iso(issued - MINUTE);
    const notOnOrAfter = iso(issued + 5 * MINUTE);
    const issuer = `<saml:Issuer>${escape(this.entityId)}</saml:Issuer>`;
    const attribute = (name: string, value: string | undefined) =>
      value ? `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>` : '';
    const assertion = [
      `<saml:Assertion ${SAML_NS} ID="${xmlId()}" Version="2.0" IssueInstant="${iso(issued)}">`,
      issuer,
      '<saml:Subject>',
      `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(options.email)}</saml:NameID>`,
      '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">',
      `<saml:SubjectConfirmationData InResponseTo="${escape(options.inResponseTo)}" NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(options.recipient ?? options.acsUrl)}"/>`,
      '</saml:SubjectConfirmation>',
      '</saml:Subject>',
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`,
      `<saml:AuthnStatement AuthnInstant="${iso(issued)}" SessionIndex="${xmlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      `<saml:AttributeStatement>${attribute('email', options.email)}${attribute('givenName', options.givenName)}${attribute('surname', options.surname)}</saml:AttributeStatement>`,
      '</saml:Assertion>',
    ].join('');
    const key = options.signWith ?? this.key;
    const signedAssertion = options.signAssertion === false ? assertion : sign(assertion, 'Assertion', key);
    const response = [
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ${SAML_NS} ID="${xmlId()}" Version="2.0" IssueInstant="${iso(issued)}" Destination="${escape(options.destination ?? options.acsUrl)}" InResponseTo="${escape(options.inResponseTo)}">`,
      issuer,
      '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>',
      signedAssertion.replace(/^<\?xml[^>]*\?>/, ''),
      '</samlp:Response>',
    ].join('');
    const signed = options.signResponse === false ? response : sign(response, 'Response', key);
    return Buffer.from(signed, 'utf8').toString('base64');
  }
}
