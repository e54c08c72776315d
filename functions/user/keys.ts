import { type Key, keyOf, ORG, SEPARATOR, USER } from '../db/keys';
import type { EmailItem, UserItem } from './item';

const USER_WORDS = '#USER_WORDS';

/** The keys of a user's items (docs/data-model.md, Users). */
export const userKeys = {
  user: (orgId: string, userId: string) => keyOf<UserItem>(`${ORG}${orgId}`, `${USER}${userId}`),
  /** Emails are unique across the product and compared case-insensitively. */
  email: (email: string) => keyOf<EmailItem>(`EMAIL#${email.trim().toLowerCase()}`, 'EMAIL'),
  /** One word of a user's name or email (functions/user/words.ts), in a partition of its own as the project words are. */
  userWord: (orgId: string, word: string, userId: string): Key => ({
    PK: `${ORG}${orgId}${USER_WORDS}`,
    SK: `${word}${SEPARATOR}${userId}`,
  }),
} as const;

/**
 * A user's sort keys in the user indexes: the lower-case name then the id (equal names keep one
 * order), the lower-case email (unique), and the role before the name key.
 */
export function userIndexKeys(user: Pick<UserItem, 'id' | 'fullName' | 'username' | 'role'>) {
  const userNameKey = `${user.fullName.toLowerCase()}${SEPARATOR}${user.id}`;
  return { userNameKey, userEmailKey: user.username.trim().toLowerCase(), userRoleKey: `${user.role}${SEPARATOR}${userNameKey}` };
}

/** The start of the role keys of one role. */
export const roleKeyPrefix = (role: string) => `${role}${SEPARATOR}`;

/** Partitions and sort-key prefixes for Queries. */
export const userCollections = {
  usersOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: USER }),
  /** Word items of users whose word begins with `prefix`. */
  userWordsBeginning: (orgId: string, prefix: string) => ({ PK: `${ORG}${orgId}${USER_WORDS}`, prefix }),
} as const;
