import { describe, expect, it } from 'vitest';
import { commentParts, mentionQueryAt, mentionsInText } from './comment-parts';

const grace = { id: 'G', fullName: 'Grace Hopper' };
const ada = { id: 'A', fullName: 'Ada' };
const adaL = { id: 'AL', fullName: 'Ada Lovelace' };

describe('a comment shown as text', () => {
  it('makes links clickable without the sentence punctuation after them', () => {
    expect(commentParts('See https://example.com/a?b=1. Thanks', [])).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('keeps HTML as text and makes no link of a javascript: address', () => {
    expect(commentParts('<b>x</b> javascript:alert(1)', [])).toEqual([{ kind: 'text', text: '<b>x</b> javascript:alert(1)' }]);
  });

  it('marks the people mentioned, the longest name first', () => {
    expect(commentParts('@Ada Lovelace and @Grace Hopper, hi @Ada', [ada, grace, adaL])).toEqual([
      { kind: 'mention', text: '@Ada Lovelace', userId: 'AL' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Grace Hopper', userId: 'G' },
      { kind: 'text', text: ', hi ' },
      { kind: 'mention', text: '@Ada', userId: 'A' },
    ]);
  });
});

describe('mentions while writing', () => {
  it('finds the @query at the caret only after a space or at the start', () => {
    expect(mentionQueryAt('Hi @gra', 7)).toEqual({ start: 3, query: 'gra' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@example', 12)).toBeNull();
    expect(mentionQueryAt('Hi @gra\nnext', 12)).toBeNull();
  });

  it('sends only the picked people still named in the text', () => {
    expect(mentionsInText('Thanks @Grace Hopper', [grace, adaL, grace])).toEqual(['G']);
  });
});
