import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { MAX_INDEXED_WORDS, wordsOf } from '../domain/words';
import type { UserItem } from './item';
import { userKeys } from './keys';

/**
 * The word index of users (docs/decisions/031): one item per distinct word of the name and of the
 * email's local part, `ORG#o#USER_WORDS / <word>␁<userId>`, written in the transaction that
 * creates, renames or removes the user. The search of an organization above 1,000 people.
 */

type Named = Pick<UserItem, 'fullName' | 'username'>;

const localPart = (email: string) => email.slice(0, Math.max(0, email.lastIndexOf('@')));

/** The words a user is found by: the name's first, then the email's, MAX_INDEXED_WORDS distinct ones in all. */
export const userWords = (user: Named): string[] =>
  [...new Set([...wordsOf(user.fullName), ...wordsOf(localPart(user.username))])].slice(0, MAX_INDEXED_WORDS);

/** True when every query word begins a word of the name or of the email's local part ('gr hop' finds Grace Hopper). */
export const userMatchesWords = (user: Named, queryWords: string[]) => {
  const words = [...wordsOf(user.fullName), ...wordsOf(localPart(user.username))];
  return queryWords.every((prefix) => words.some((word) => word.startsWith(prefix)));
};

const userWordItem = (orgId: string, word: string, userId: string) => ({
  ...userKeys.userWord(orgId, word, userId),
  type: 'USER_WORD',
  userId,
});

/** The word items of a user as stored. */
export const userWordItems = (user: Pick<UserItem, 'orgId' | 'id'> & Named) =>
  userWords(user).map((word) => userWordItem(user.orgId, word, user.id));

/** The writes that take the index from one name to another (undefined: no user); unchanged words are left alone. */
export function userWordWrites(
  user: Pick<UserItem, 'orgId' | 'id'>,
  before: Named | undefined,
  after: Named | undefined,
): TransactItem[] {
  const old = new Set(before === undefined ? [] : userWords(before));
  const next = new Set(after === undefined ? [] : userWords(after));
  return [
    ...[...old]
      .filter((word) => !next.has(word))
      .map((word) => ({ Delete: { TableName: TABLE_NAME, Key: userKeys.userWord(user.orgId, word, user.id) } })),
    ...[...next]
      .filter((word) => !old.has(word))
      .map((word) => ({ Put: { TableName: TABLE_NAME, Item: userWordItem(user.orgId, word, user.id) } })),
  ];
}
