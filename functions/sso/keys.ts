import { type Key, keyOf, ORG } from '../db/keys';
import type { SsoConnectionItem, SsoDomainClaimItem, SsoDomainItem } from './item';

const SSO_DOMAIN = 'SSO_DOMAIN#';

/** The keys of the organization's single sign-on (docs/data-model.md, Single sign-on). */
export const ssoKeys = {
  /** A domain the organization added for single sign-on, verified or not (issue 40). */
  ssoDomain: (orgId: string, domain: string) => keyOf<SsoDomainItem>(`${ORG}${orgId}`, `${SSO_DOMAIN}${domain}`),
  /** Which organization verified a domain: at most one, product-wide; SSO sign-in finds the organization by it. */
  ssoDomainClaim: (domain: string) => keyOf<SsoDomainClaimItem>(`${SSO_DOMAIN}${domain}`, 'SSO_DOMAIN'),
  /** The organization's identity-provider connection (one per organization). */
  ssoConnection: (orgId: string) => keyOf<SsoConnectionItem>(`${ORG}${orgId}`, 'SSO_CONNECTION'),
  /** A SAML assertion already used to sign in (its id's hash), kept until it would be refused as expired anyway (decision 058). */
  samlAssertionUsed: (orgId: string, assertionIdHash: string): Key => ({
    PK: `SAML_ASSERTION#${orgId}#${assertionIdHash}`,
    SK: 'SAML_ASSERTION',
  }),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const ssoCollections = {
  ssoDomainsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: SSO_DOMAIN }),
} as const;
