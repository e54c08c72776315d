import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/roles';
import type { SsoDomainResponse, SsoSettingsResponse } from '../../shared/schemas/sso';
import { certificateSummary } from './saml-certificates';
import { serviceProviderOf } from './saml-service-provider';

/**
 * A domain an organization added for single sign-on: `ORG#<orgId> / SSO_DOMAIN#<domain>`
 * (ssoKeys.ssoDomain). Verified once its TXT record was found; then a claim item
 * (`SSO_DOMAIN#<domain> / SSO_DOMAIN`, ssoKeys.ssoDomainClaim) names the organization, product-wide.
 */
export interface SsoDomainItem {
  type: 'SSO_DOMAIN';
  orgId: string;
  domain: string;
  /** The TXT record's value: random, so only whoever controls the domain's DNS can publish it. */
  txtValue: string;
  createdAt: string;
  verifiedAt?: string;
}

/** The product-wide claim of a verified domain: one organization per domain. */
export interface SsoDomainClaimItem {
  type: 'SSO_DOMAIN_CLAIM';
  domain: string;
  orgId: string;
  verifiedAt: string;
}

/** Where the record goes: a name of its own, so it never meets the domain's SPF or other TXT records. */
export const txtNameOf = (domain: string) => `_growthwise-verification.${domain}`;
const TXT_VALUE_PREFIX = 'growthwise-domain-verification=';

export function newSsoDomain(orgId: string, domain: string, createdAt: string): SsoDomainItem {
  return { type: 'SSO_DOMAIN', orgId, domain, txtValue: `${TXT_VALUE_PREFIX}${randomBytes(16).toString('hex')}`, createdAt };
}

export function toSsoDomainResponse(item: SsoDomainItem): SsoDomainResponse {
  return {
    domain: item.domain,
    verified: item.verifiedAt !== undefined,
    txtName: txtNameOf(item.domain),
    txtValue: item.txtValue,
    createdAt: item.createdAt,
    verifiedAt: item.verifiedAt ?? null,
  };
}

/**
 * The organization's identity-provider connection: `ORG#<orgId> / SSO_CONNECTION`
 * (ssoKeys.ssoConnection), one per organization, OpenID Connect or SAML as `protocol` says.
 * The OIDC client secret is stored encrypted (functions/mfa/mfa-encryption.ts).
 */
export interface OidcConnectionItem {
  type: 'SSO_CONNECTION';
  orgId: string;
  protocol: 'oidc';
  issuer: string;
  clientId: string;
  clientSecretEncrypted: string;
  /** The role of a person created at their first sign-in. */
  jitRole: Role;
  updatedAt: string;
}

/** A SAML connection: what the identity provider's metadata said (docs/decisions/058). Nothing secret. */
export interface SamlConnectionItem {
  type: 'SSO_CONNECTION';
  orgId: string;
  protocol: 'saml';
  idpEntityId: string;
  /** The IdP's single sign-on service (HTTP-Redirect binding), where AuthnRequests go. */
  ssoUrl: string;
  /** Its signing certificates (base64 DER): a response is trusted only when signed by one of them. */
  certificates: string[];
  jitRole: Role;
  updatedAt: string;
}

export type SsoConnectionItem = OidcConnectionItem | SamlConnectionItem;

/** The path the identity provider sends people back to, on the stage's own site. */
export const OIDC_CALLBACK_PATH = '/api/sso/oidc/callback';

export function toSsoSettingsResponse(
  connection: SsoConnectionItem | undefined,
  origin: string,
  orgId: string,
): SsoSettingsResponse {
  return {
    connection: connection ? connectionSettings(connection) : null,
    redirectUri: `${origin}${OIDC_CALLBACK_PATH}`,
    saml: serviceProviderOf(origin, orgId),
  };
}

function connectionSettings(connection: SsoConnectionItem): NonNullable<SsoSettingsResponse['connection']> {
  const { jitRole, updatedAt } = connection;
  if (connection.protocol === 'oidc')
    return { protocol: 'oidc', issuer: connection.issuer, clientId: connection.clientId, jitRole, updatedAt };
  return {
    protocol: 'saml',
    idpEntityId: connection.idpEntityId,
    ssoUrl: connection.ssoUrl,
    certificates: connection.certificates.map(certificateSummary),
    jitRole,
    updatedAt,
  };
}
