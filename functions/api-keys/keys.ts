import { keyOf, ORG } from '../db/keys';
import type { ApiKeyItem } from './item';

const API_KEY = 'API_KEY#';

/** The keys of the organization's API keys (docs/data-model.md, API keys). */
export const apiKeyKeys = {
  /** An API key of the organization (its keyed hash; the key names the organization, its id and its creator). */
  apiKey: (orgId: string, keyId: string) => keyOf<ApiKeyItem>(`${ORG}${orgId}`, `${API_KEY}${keyId}`),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const apiKeyCollections = {
  apiKeysOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: API_KEY }),
} as const;
