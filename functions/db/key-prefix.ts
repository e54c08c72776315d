/**
 * The highest code point. Under DynamoDB's UTF-8 byte order every string that begins with a prefix
 * sorts between the prefix and the prefix followed by this, except one that goes on past a U+10FFFF
 * of its own: a noncharacter no key of ours holds (ids, fixed labels, emails, and words of letters
 * and digits only).
 */
const HIGHEST = '\u{10FFFF}';

/**
 * "The sort key begins with `prefix`" as a key condition: `attribute BETWEEN :placeholder AND
 * :placeholderEnd`, with its values. DynamoDB reads the same range either way; DynamoDB Local reads
 * begins_with from the partition's first item and filters (a Query of 11 items among 60,000 took
 * 24 ms, BETWEEN 3–5 ms), so every read of a large organization slowed with its size on the local
 * stack and in the bench (docs/decisions/073).
 */
export function keyBeginsWith(attribute: string, prefix: string, placeholder = ':prefix'): { expression: string; values: Record<string, string> } {
  return {
    expression: `${attribute} BETWEEN ${placeholder} AND ${placeholder}End`,
    values: { [placeholder]: prefix, [`${placeholder}End`]: `${prefix}${HIGHEST}` },
  };
}
