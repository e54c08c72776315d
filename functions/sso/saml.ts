import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { now as clockNow } from '../clock';
import type { SamlConnectionItem } from './item';
import { samlAcsUrl, samlEntityIdOf } from './saml-service-provider';

/**
 * SAML 2.0 Web Browser SSO with @node-saml/node-saml (docs/decisions/058): the AuthnRequest by the
 * HTTP-Redirect binding, the response by HTTP-POST. The library checks the signatures (response
 * AND assertion, by the metadata's certificates), the audience, the time window and InResponseTo;
 * this module adds what it leaves to its caller: the issuer, the Destination and Recipient, and the
 * assertion's id and end for the replay check.
 */

const NAME_ID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const SAML_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** IdP and server clocks drift apart a little; more would widen the window a stolen response is good for. */
const CLOCK_SKEW_MS = 60_000;

/** The latest instant a Date holds. */
const KNOWN_REQUEST = '+275760-09-13T00:00:00.000Z';

/** node-saml with our clock (functions/clock.ts) for every NotBefore/NotOnOrAfter check, not the host's. */
class ClockedSaml extends SAML {
  protected override checkTimestampsValidityError(
    _hostNowMs: number,
    notBefore: string,
    notOnOrAfter: string,
    maxTimeLimitMs?: number,
  ) {
    return super.checkTimestampsValidityError(clockNow().getTime(), notBefore, notOnOrAfter, maxTimeLimitMs);
  }
}

/**
 * The request ids node-saml remembers, kept in the browser's own pending sign-in cookie instead of
 * a shared cache: at the start it hands the new id over; at the response it knows that one id only,
 * so a response to another browser's request (or to none) is refused.
 */
function oneRequest(known: string | undefined, onSaved: (id: string) => void = () => undefined): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      onSaved(key);
      return { value, createdAt: clockNow().getTime() };
    },
    // node-saml would age the request by the host's clock, not ours (functions/clock.ts): the
    // pending cookie's signed expiry (SSO_SIGN_IN_MS, our clock) is the age limit, so the value
    // here only says 'known', dated so that node-saml's own age check always passes.
    getAsync: async (key) => (known !== undefined && key === known ? KNOWN_REQUEST : null),
    removeAsync: async (key) => key,
  };
}

function samlClient(connection: SamlConnectionItem, origin: string, cache: CacheProvider): SAML {
  const entityId = samlEntityIdOf(origin, connection.orgId);
  return new ClockedSaml({
    entryPoint: connection.ssoUrl,
    issuer: entityId,
    audience: entityId,
    callbackUrl: samlAcsUrl(origin),
    idpCert: connection.certificates,
    idpIssuer: connection.idpEntityId,
    identifierFormat: NAME_ID_EMAIL,
    // No AuthnContext asked for: the IdP's own policy (passkeys, MFA) decides how people prove themselves.
    disableRequestedAuthnContext: true,
    wantAuthnResponseSigned: true,
    wantAssertionsSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    cacheProvider: cache,
  });
}

/** The IdP's sign-in URL carrying a new AuthnRequest, and the request's id for this browser's cookie. */
export async function samlAuthorizationUrl(
  connection: SamlConnectionItem,
  origin: string,
): Promise<{ url: string; requestId: string }> {
  let requestId: string | undefined;
  const url = await samlClient(
    connection,
    origin,
    oneRequest(undefined, (id) => (requestId = id)),
  ).getAuthorizeUrlAsync('', undefined, {});
  if (!requestId) throw new Error('node-saml made no request id');
  return { url, requestId };
}

/** What the assertion says of the person, and what the replay check needs. */
export interface SamlAssertion {
  subject: string;
  email: string | undefined;
  name: string | undefined;
  assertionId: string;
  /** When the assertion stops being accepted anyway (its latest NotOnOrAfter, plus the skew): how long its id must be remembered. */
  acceptedUntilMs: number;
}

const elementsOf = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement;

/** Attributes IdPs use for the address and the name (Entra ID's and Okta's usual claim names among them). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'displayName',
  'name',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
];
const GIVEN_NAME_ATTRIBUTES = [
  'givenName',
  'firstName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const SURNAME_ATTRIBUTES = [
  'sn',
  'surname',
  'lastName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];

function attributeOf(profile: Profile, names: string[]): string | undefined {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = [attributes[name]].flat()[0];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

function personOf(profile: Profile): Pick<SamlAssertion, 'subject' | 'email' | 'name'> {
  const nameIdIsEmail = profile.nameIDFormat === NAME_ID_EMAIL || /^[^@\s]+@[^@\s]+$/.test(profile.nameID ?? '');
  const email = attributeOf(profile, EMAIL_ATTRIBUTES) ?? (nameIdIsEmail ? profile.nameID : undefined);
  const fullName = [attributeOf(profile, GIVEN_NAME_ATTRIBUTES), attributeOf(profile, SURNAME_ATTRIBUTES)]
    .filter(Boolean)
    .join(' ');
  return {
    subject: profile.nameID,
    email: email?.trim().toLowerCase(),
    name: attributeOf(profile, NAME_ATTRIBUTES) ?? (fullName || undefined),
  };
}

/**
 * The checks node-saml leaves to its caller, on the XML it verified: the response was sent to us
 * (Destination, required as the POST binding requires it of signed responses), every bearer
 * confirmation names our ACS (Recipient), and the assertion has an id and an end.
 */
function checkAddressing(profile: Profile, acsUrl: string): { assertionId: string; acceptedUntilMs: number } {
  const response = elementsOf(profile.getSamlResponseXml?.() ?? '');
  const destination = response?.getAttribute('Destination');
  if (destination !== acsUrl) throw new Error(`the response's Destination is ${destination || 'missing'}, not ${acsUrl}`);
  const assertion = elementsOf(profile.getAssertionXml?.() ?? '');
  const assertionId = assertion?.getAttribute('ID');
  if (!assertion || !assertionId) throw new Error('the assertion has no ID');
  const confirmations = Array.from(assertion.getElementsByTagNameNS(SAML_ASSERTION, 'SubjectConfirmationData'));
  if (confirmations.length === 0) throw new Error('the assertion has no SubjectConfirmationData');
  const recipients = confirmations.map((data) => data.getAttribute('Recipient'));
  if (recipients.some((recipient) => recipient !== acsUrl))
    throw new Error(`the assertion's Recipient is ${recipients.join(', ')}, not ${acsUrl}`);
  const ends = [...confirmations, ...Array.from(assertion.getElementsByTagNameNS(SAML_ASSERTION, 'Conditions'))]
    .map((element) => Date.parse(element.getAttribute('NotOnOrAfter') ?? ''))
    .filter(Number.isFinite);
  // Without an end, an assertion would be good forever and its id would have to be kept forever.
  if (ends.length === 0) throw new Error('the assertion has no NotOnOrAfter');
  return { assertionId, acceptedUntilMs: Math.max(...ends) + CLOCK_SKEW_MS };
}

/**
 * Validates a posted SAMLResponse for the request this browser started (`requestId`, from its
 * pending cookie). Throws on any failed check, with the reason for the log.
 */
export async function validateSamlResponse(
  connection: SamlConnectionItem,
  origin: string,
  samlResponse: string,
  requestId: string,
): Promise<SamlAssertion> {
  const { profile } = await samlClient(connection, origin, oneRequest(requestId)).validatePostResponseAsync({
    SAMLResponse: samlResponse,
  });
  if (!profile) throw new Error('the response carries no assertion');
  if (profile.issuer !== connection.idpEntityId)
    throw new Error(`the assertion's issuer is ${profile.issuer}, not ${connection.idpEntityId}`);
  return { ...personOf(profile), ...checkAddressing(profile, samlAcsUrl(origin)) };
}
