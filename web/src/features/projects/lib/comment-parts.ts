/** A run of a comment's text: plain words, a link, or a mention of a person. */
export type CommentPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; userId: string };

// http(s) links up to the next space; trailing punctuation belongs to the sentence, not the link.
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'}]/g;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A comment's text cut into parts to show as text (never as HTML): links made clickable and each
 * '@Name' of a person it mentions marked. Longer names first, so '@Ada Lovelace' wins over '@Ada'.
 */
export function commentParts(text: string, mentions: { id: string; fullName: string }[]): CommentPart[] {
  const named = [...mentions].filter((person) => person.fullName).sort((a, b) => b.fullName.length - a.fullName.length);
  const mention = named.length ? new RegExp(named.map((person) => `@${escapeRegExp(person.fullName)}`).join('|'), 'g') : null;
  const matches: { index: number; part: CommentPart }[] = [];
  for (const found of text.matchAll(LINK))
    matches.push({ index: found.index, part: { kind: 'link', text: found[0], href: found[0] } });
  if (mention) {
    for (const found of text.matchAll(mention)) {
      const person = named.find((candidate) => `@${candidate.fullName}` === found[0])!;
      matches.push({ index: found.index, part: { kind: 'mention', text: found[0], userId: person.id } });
    }
  }
  matches.sort((a, b) => a.index - b.index);
  const parts: CommentPart[] = [];
  let at = 0;
  for (const { index, part } of matches) {
    if (index < at) continue; // inside an earlier match (a mention within a link)
    if (index > at) parts.push({ kind: 'text', text: text.slice(at, index) });
    parts.push(part);
    at = index + part.text.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** The ids of the people picked while writing whose '@Name' is still in the text. */
export function mentionsInText(text: string, picked: { id: string; fullName: string }[]): string[] {
  return [...new Set(picked.filter((person) => text.includes(`@${person.fullName}`)).map((person) => person.id))];
}

/**
 * The '@query' being typed at the caret: from an '@' at the start or after a space, up to the caret,
 * without a line break; null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  if (/[\n\r]/.test(query) || query.length > 40 || /\s{2}/.test(query)) return null;
  return { start: at, query };
}
