import { keyOf, ORG } from '../db/keys';
import type { ScimPageCursorItem } from './users-page';

/** The keys of SCIM's own items (docs/data-model.md, SCIM). */
export const scimKeys = {
  /**
   * Where the Users page that starts at `startIndex` begins: left by the page before it, in a partition of
   * the organization's own beside `ORG#o`, so a sync's pages write nothing into the organization's partition.
   */
  usersPageCursor: (orgId: string, startIndex: number) =>
    keyOf<ScimPageCursorItem>(`${ORG}${orgId}#SCIM_CURSOR`, `USERS_AT#${startIndex}`),
} as const;
