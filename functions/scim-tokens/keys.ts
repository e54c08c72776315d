import { keyOf, ORG } from '../db/keys';
import type { ScimTokenItem } from './item';

const SCIM_TOKEN = 'SCIM_TOKEN#';

/** The keys of the organization's SCIM tokens (docs/data-model.md, SCIM). */
export const scimTokenKeys = {
  /** A SCIM bearer token of the organization (its hash; the token names the organization and the id). */
  scimToken: (orgId: string, tokenId: string) => keyOf<ScimTokenItem>(`${ORG}${orgId}`, `${SCIM_TOKEN}${tokenId}`),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const scimTokenCollections = {
  scimTokensOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: SCIM_TOKEN }),
} as const;
