import { keyOf, ORG } from '../db/keys';
import type { CommentItem } from './item';

const COMMENT = 'COMMENT#';

/** The keys of a project's comments (docs/data-model.md, Comments). */
export const commentKeys = {
  /** One comment on a project, in the organization's partition after the project's activity (docs/decisions/048). */
  comment: (orgId: string, projectId: string, commentId: string) =>
    keyOf<CommentItem>(`${ORG}${orgId}`, `${COMMENT}${projectId}#${commentId}`),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const commentCollections = {
  /** A project's comments, in time order (their ids are ULIDs). */
  commentsOfProject: (orgId: string, projectId: string) => ({ PK: `${ORG}${orgId}`, prefix: `${COMMENT}${projectId}#` }),
} as const;
