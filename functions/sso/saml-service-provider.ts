/**
 * What a SAML identity provider needs from us (docs/decisions/058): where it posts its responses
 * (one assertion consumer service for every organization; the browser's pending sign-in names the
 * organization) and who we are to it (an entity id per organization, so that one IdP serving two
 * of our organizations issues assertions the other's audience check refuses).
 */

export const SAML_ACS_PATH = '/api/sso/saml/acs';

const NAME_ID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export const samlAcsUrl = (origin: string) => `${origin}${SAML_ACS_PATH}`;
export const samlEntityIdOf = (origin: string, orgId: string) => `${origin}/sso/saml/${orgId}`;

const xmlAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Our metadata, to upload at the IdP. Written here rather than by node-saml's generator: that
 * would bring the whole library (about 570 KB) into the settings handler for a fixed document.
 */
function serviceProviderMetadata(entityId: string, acsUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlAttribute(entityId)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    `    <md:NameIDFormat>${NAME_ID_EMAIL}</md:NameIDFormat>`,
    `    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${xmlAttribute(acsUrl)}" index="1" isDefault="true"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
  ].join('\n');
}

export function serviceProviderOf(origin: string, orgId: string) {
  const acsUrl = samlAcsUrl(origin);
  const entityId = samlEntityIdOf(origin, orgId);
  return { acsUrl, entityId, metadataXml: serviceProviderMetadata(entityId, acsUrl) };
}
