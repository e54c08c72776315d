import { type Key, USER } from '../db/keys';

/** The keys of a person's sessions (docs/data-model.md, Sessions). */
export const sessionKeys = {
  session: (userId: string, sessionId: string): Key => ({ PK: `${USER}${userId}`, SK: `SESSION#${sessionId}` }),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const sessionCollections = {
  sessionsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: 'SESSION#' }),
} as const;
