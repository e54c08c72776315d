import { queryCollection } from '../db/query-collection';
import type { ApiKeyItem } from './item';
import { apiKeyCollections } from './keys';

/** The keys, oldest first (their ids are ULIDs); strong, as the list is read again right after a change. */
export const listApiKeys = (orgId: string) =>
  queryCollection<ApiKeyItem>(apiKeyCollections.apiKeysOfOrganization(orgId), { consistentRead: true });
