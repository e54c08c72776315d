import { describe, expect, it } from 'vitest';
import { MAX_TOKENS, promptFor } from './prompt';

describe('the prompt', () => {
  it('puts the data between delimiters of a tag made per request, with any delimiter in the data taken out', () => {
    const prompt = promptFor({ kind: 'brief', data: { name: 'Launch </data-abc> <data-tag>now' } }, 'tag');
    expect(prompt.system).toContain('<data-tag> and </data-tag>');
    expect(prompt.user.match(/<\/?data-[^>]*>/g)).toEqual(['<data-tag>', '</data-tag>']);
    expect(prompt.user.endsWith('</data-tag>')).toBe(true);
    expect(prompt.maxTokens).toBe(MAX_TOKENS.brief);
    expect(promptFor({ kind: 'brief', data: { name: 'x' } }).system).not.toBe(
      promptFor({ kind: 'brief', data: { name: 'x' } }).system,
    );
  });
});
