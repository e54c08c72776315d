import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { MAX_INDEXED_WORDS, wordsOf } from '../domain/words';
import type { ProjectItem } from './item';
import { projectKeys } from './keys';

/**
 * The word index of project names (docs/decisions/027): one item per distinct word of a name,
 * `ORG#o#WORDS / <word>␁<projectId>`, written in the transaction that creates, renames or deletes
 * the project. A Query on a word prefix finds the projects of a large organization without reading it.
 */

/** The words a name is found by: its first MAX_INDEXED_WORDS distinct ones. */
export const nameWords = (name: string): string[] => [...new Set(wordsOf(name))].slice(0, MAX_INDEXED_WORDS);

/** True when every word of the query begins one of the name's words ('spr la' finds 'Spring launch'). */
export const matchesWordPrefixes = (name: string, queryWords: string[]) => {
  const words = wordsOf(name);
  return queryWords.every((prefix) => words.some((word) => word.startsWith(prefix)));
};

/** A word item holds the whole name as searched, so a search tests every query word on the word items it reads, before reading any project (docs/decisions/104). */
export type WordItem = {
  PK: string;
  SK: string;
  type: 'PROJECT_WORD';
  projectId: string;
  searchName: string;
};

export const wordItem = (orgId: string, word: string, projectId: string, name: string): WordItem => ({
  ...projectKeys.projectWord(orgId, word, projectId),
  type: 'PROJECT_WORD',
  projectId,
  searchName: name.toLowerCase(),
});

/** The word items of a project as stored. */
export const wordItems = (project: Pick<ProjectItem, 'orgId' | 'id' | 'name'>) =>
  nameWords(project.name).map((word) => wordItem(project.orgId, word, project.id, project.name));

/**
 * The writes that take the index from one name to another (undefined: no project): the words gone
 * are deleted and every word of the new name is put, since each holds the name.
 */
export function wordWrites(
  project: Pick<ProjectItem, 'orgId' | 'id'>,
  before: string | undefined,
  after: string | undefined,
): TransactItem[] {
  if (before === after && before !== undefined) return [];
  const next = new Set(after === undefined ? [] : nameWords(after));
  return [
    ...(before === undefined ? [] : nameWords(before))
      .filter((word) => !next.has(word))
      .map((word) => ({ Delete: { TableName: TABLE_NAME, Key: projectKeys.projectWord(project.orgId, word, project.id) } })),
    ...[...next].map((word) => ({ Put: { TableName: TABLE_NAME, Item: wordItem(project.orgId, word, project.id, after!) } })),
  ];
}
