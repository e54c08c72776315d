import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/roles';
import type { SsoDomainResponse, SsoSettingsResponse } from '../../shared/schemas/sso';

/**
 * A domain an organization added for single sign-on: `ORG#<orgId> / SSO_DOMAIN#<domain>`
 * (keys.ssoDomain). Verified once its TXT record was found; then a claim item
 * (`SSO_DOMAIN#<domain> / SSO_DOMAIN`, keys.ssoDomainClaim) names the organization, product-wide.
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
 * (keys.ssoConnection). The client secret is stored encrypted (functions/mfa/mfa-encryption.ts).
 */
export interface SsoConnectionItem {
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

/** The path the identity provider sends people back to, on the stage's own site. */
export const OIDC_CALLBACK_PATH = '/api/sso/oidc/callback';

export function toSsoSettingsResponse(connection: SsoConnectionItem | undefined, origin: string): SsoSettingsResponse {
  return {
    connection: connection ? { protocol: connection.protocol, issuer: connection.issuer, clientId: connection.clientId, jitRole: connection.jitRole, updatedAt: connection.updatedAt } : null,
    redirectUri: `${origin}${OIDC_CALLBACK_PATH}`,
  };
}
