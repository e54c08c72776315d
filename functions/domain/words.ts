/**
 * How names are cut into the words the word indexes hold (the projects' and the users'), one rule
 * for both so that a search reads alike wherever it is typed.
 */

/**
 * Words indexed per name: a rename writes at most twice this many items beside the change's own,
 * and a name's first words are the ones people search by.
 */
export const MAX_INDEXED_WORDS = 8;

/** Lower-case words: runs of letters and digits. */
export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
