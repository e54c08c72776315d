import { DOMParser } from '@xmldom/xmldom';
import { isLocalStage } from '../config';
import { readCertificate } from './saml-certificates';

/**
 * Reads a SAML identity provider's metadata (docs/decisions/058): its entity id, its single
 * sign-on service for the HTTP-Redirect binding, and its signing certificates. Each missing or
 * unusable part is told in words an admin can act on; nothing is fetched (no URLs are followed).
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** base64 DER, whitespace removed. */
  certificates: string[];
}

export class MetadataRefused extends Error {}

const childrenOf = (parent: Element, namespace: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(namespace, name));

function parseXml(xml: string) {
  const problems: string[] = [];
  const report = (message: string) => problems.push(message.split('\n')[0]!.replace(/^\[xmldom [^\]]*\]\t?/, ''));
  const document = new DOMParser({
    errorHandler: { warning: () => undefined, error: report, fatalError: report },
  }).parseFromString(xml, 'text/xml');
  if (problems.length > 0 || !document?.documentElement)
    throw new MetadataRefused(`The metadata is not well-formed XML (${problems[0] ?? 'no root element'}).`);
  return document;
}

/** The IdP's entity descriptor: the document itself, or the one of an aggregate that describes an identity provider. */
function identityProviderOf(root: Element): { entity: Element; idp: Element } {
  const entities =
    root.localName === 'EntityDescriptor' && root.namespaceURI === MD ? [root] : childrenOf(root, MD, 'EntityDescriptor');
  for (const entity of entities) {
    const idp = childrenOf(entity, MD, 'IDPSSODescriptor').find((descriptor) =>
      (descriptor.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(SAML_PROTOCOL),
    );
    if (idp) return { entity, idp };
  }
  throw new MetadataRefused(
    'The metadata describes no SAML 2.0 identity provider (an EntityDescriptor with an IDPSSODescriptor). Download the IdP metadata of your application, not of your organization’s service providers.',
  );
}

function ssoUrlOf(idp: Element): string {
  const service = childrenOf(idp, MD, 'SingleSignOnService').find(
    (element) => element.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const location = service?.getAttribute('Location')?.trim();
  if (!location) throw new MetadataRefused('The metadata has no single sign-on service for the HTTP-Redirect binding.');
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new MetadataRefused(`The single sign-on service URL ${location} is not a URL.`);
  }
  // Plain http only on this machine (the tests' IdP); a cloud stage sends people to https alone.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalStage()))
    throw new MetadataRefused(`The single sign-on service URL ${location} must use https.`);
  return url.href;
}

/** The certificates of KeyDescriptors used for signing (or for any use, when `use` is absent). */
function signingCertificatesOf(idp: Element): string[] {
  const descriptors = childrenOf(idp, MD, 'KeyDescriptor').filter((descriptor) =>
    ['', 'signing'].includes(descriptor.getAttribute('use') ?? ''),
  );
  const values = descriptors
    .flatMap((descriptor) => childrenOf(descriptor, DS, 'X509Certificate'))
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ''));
  const certificates = [...new Set(values.filter(Boolean))];
  if (certificates.length === 0)
    throw new MetadataRefused('The metadata has no signing certificate (a KeyDescriptor with an X509Certificate).');
  for (const certificate of certificates) {
    if (!readCertificate(certificate))
      throw new MetadataRefused('A signing certificate in the metadata cannot be read as an X.509 certificate.');
  }
  return certificates;
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  const { entity, idp } = identityProviderOf(parseXml(xml).documentElement!);
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw new MetadataRefused('The metadata’s EntityDescriptor has no entityID.');
  return { entityId, ssoUrl: ssoUrlOf(idp), certificates: signingCertificatesOf(idp) };
}
