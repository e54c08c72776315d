import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, EASY_PASSWORD } from '../../shared/schemas/fields';
import { CONTEXT_PASSWORD, weakPasswordMessage } from './password-strength';

describe('a new password', () => {
  it.each([
    '654321',
    '121212',
    'aaaaaa',
    '888888',
    'abcdef',
    '987654321',
    'qwertyuiop',
    '1q2w3e4r',
    'zxcvbnm',
    'abcabcabc',
    '11111111111',
  ])('is refused as too easy to guess when it is a sequence, a repeat or a keyboard walk: %s', (password) => {
    expect(weakPasswordMessage(password)).toBeDefined();
  });

  it('is refused when it is one of the 5,000 most common passwords of six characters or more, in any case', () => {
    const common = dictionary['passwords-common'].filter((password) => password.length >= 6).slice(0, 5000);
    expect(common).toHaveLength(5000);
    const accepted = common.filter(
      (password) => weakPasswordMessage(password) === undefined || weakPasswordMessage(password.toUpperCase()) === undefined,
    );
    expect(accepted).toEqual([]);
    expect(weakPasswordMessage('Password')).toBe(COMMON_PASSWORD);
  });

  it('is refused with its own message when it is guessable but not on the list', () => {
    expect(weakPasswordMessage('987654321')).toBe(EASY_PASSWORD);
    expect(weakPasswordMessage('ababababab')).toBe(EASY_PASSWORD);
  });

  it('is accepted when it is not easy to guess, six characters included', () => {
    for (const password of ['violet-harbour-42', 'an-uncommon-passphrase', 'kqzjwm', 'zebra-lamp-7', 'new-password'])
      expect(weakPasswordMessage(password)).toBeUndefined();
  });

  it("is refused when it is the account's own words with digits or symbols around them (ASVS 6.2.11)", () => {
    const context = { email: 'ana.lopez@acme-media.example', fullName: 'Ana López', organizationName: 'Acme Media' };
    for (const password of [
      'growthwise',
      'Growthwise2026',
      'GROWTHWISE!',
      'ana.lopez1',
      'AnaLopez#2026',
      'López-2026',
      'acmemedia99',
      'acme-media-1',
    ])
      expect(weakPasswordMessage(password, context), password).toBe(CONTEXT_PASSWORD);
    // The product's name counts without the account's words too.
    expect(weakPasswordMessage('Growthwise2026')).toBe(CONTEXT_PASSWORD);
  });

  it("is accepted when the account's words are only part of a longer one", () => {
    const context = { email: 'ana.lopez@acme-media.example', fullName: 'Ana López', organizationName: 'Acme Media' };
    for (const password of ['violet-harbour-42', 'ana-rides-violet-harbour', 'growthwise-team-violet-harbour'])
      expect(weakPasswordMessage(password, context), password).toBeUndefined();
  });
});
