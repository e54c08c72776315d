import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('holds the most common ones, in any case, and not an uncommon one', () => {
    for (const password of ['123456', 'password', 'Qwerty', 'iloveyou', 'letmein']) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('violet-harbour-42')).toBe(false);
  });
});
