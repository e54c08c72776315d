/**
 * The highest code point. Under DynamoDB's UTF-8 byte order every string that begins with a prefix
 * sorts between the prefix and the prefix followed by this, except one that goes on past a U+10FFFF
 * of its own: a noncharacter no key of ours holds (ids, fixed labels, emails, and words of letters
 * and digits only).
 */
const HIGHEST = '\u{10FFFF}';

/** A sort-key condition of a Query, with its values. */
export interface KeyCondition {
  expression: string;
  values: Record<string, string>;
}

/**
 * A sort-key range, and the same range cut to start (ascending) or end (descending) at a key inside
 * it: where the next page resumes. DynamoDB seeks to an ExclusiveStartKey; DynamoDB Local reads the
 * range from its first key up to it (a page 30,000 items in took 8.4 ms, the same page from a range
 * starting at its start key 4.4 ms: docs/decisions/075), so a deep page sends its range cut.
 */
export interface KeyRange extends KeyCondition {
  resumedAt: (key: string, forward: boolean) => KeyCondition;
}

/**
 * "The sort key begins with `prefix`" as a key condition: `attribute BETWEEN :placeholder AND
 * :placeholderEnd`, with its values. DynamoDB reads the same range either way; DynamoDB Local reads
 * begins_with from the partition's first item and filters (a Query of 11 items among 60,000 took
 * 24 ms, BETWEEN 3–5 ms), so every read of a large organization slowed with its size on the local
 * stack and in the bench (docs/decisions/073).
 */
export function keyBeginsWith(attribute: string, prefix: string, placeholder = ':prefix'): KeyRange {
  const expression = `${attribute} BETWEEN ${placeholder} AND ${placeholder}End`;
  const end = `${prefix}${HIGHEST}`;
  return {
    expression,
    values: { [placeholder]: prefix, [`${placeholder}End`]: end },
    resumedAt: (key, forward) => ({
      expression,
      values: forward
        ? { [placeholder]: key, [`${placeholder}End`]: end }
        : { [placeholder]: prefix, [`${placeholder}End`]: key },
    }),
  };
}

/** The lowest string: every key sorts at or above it. */
const LOWEST = '\u0000';

/**
 * "Any sort key" as a key condition of an index: `attribute >= :lowest`. DynamoDB reads the
 * index's whole partition either way. DynamoDB Local keeps an index that shares the table's
 * partition key as a column of the table's rows, empty for items outside the index, and reads a
 * Query on the partition key alone, in ascending order, from the partition's first item: past
 * every word, user and membership of the organization before its first project by name
 * (docs/decisions/075).
 */
export function anyIndexKey(attribute: string, placeholder = ':lowest'): KeyRange {
  return {
    expression: `${attribute} >= ${placeholder}`,
    values: { [placeholder]: LOWEST },
    resumedAt: (key, forward) =>
      forward
        ? { expression: `${attribute} >= ${placeholder}`, values: { [placeholder]: key } }
        : {
            expression: `${attribute} BETWEEN ${placeholder} AND ${placeholder}Resumed`,
            values: { [placeholder]: LOWEST, [`${placeholder}Resumed`]: key },
          },
  };
}
