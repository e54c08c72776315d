import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { text } from './fields';

const fullName = text(1, 'Full name is required', 'Full name');
const NOT_ALLOWED = 'Full name contains characters that are not allowed.';
const refusal = (value: string) => {
  const parsed = z.safeParse(fullName, value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('a name', () => {
  it.each([
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a soft hyphen', 'Ad\u00ADmin'],
    ['a word joiner', 'Ad\u2060min'],
    ['a byte order mark', 'Ad\uFEFFmin'],
    ['a tag character', 'Admin\u{E0041}'],
    ['a left-to-right mark', 'Eve\u200EAdmin'],
    ['a right-to-left mark', 'Eve\u200FAdmin'],
    ['an Arabic letter mark', 'Eve\u061CAdmin'],
    ['a zero-width joiner between Latin letters', 'Ad\u200Dmin'],
    ['a Hangul filler', 'Eve\u3164'],
    ['a flood of combining marks', 'Zalgo\u0336\u0301\u0302\u0303\u0304\u0305\u0306\u0307'],
  ])('is refused with %s inside visible text', (_label, value) => {
    expect(refusal(value)).toBe(NOT_ALLOWED);
  });

  it('is required when it holds no visible character (a blank Braille pattern, zero-width spaces)', () => {
    expect(refusal('\u2800')).toBe('Full name is required');
    expect(refusal('\u200B\u200B')).toBe('Full name is required');
  });

  it.each([
    ['emoji joined by zero-width joiners', 'Ada 👩‍💻'],
    ['an emoji with a skin tone and a joiner', 'Ada 👨🏽‍💻'],
    ['an emoji with a variation selector', 'Ada ❤️'],
    ['a keycap', 'Team 1️⃣'],
    ['a Persian name with a zero-width non-joiner', 'می\u200Cخواهم'],
    ['a Hindi name with a zero-width joiner', 'क्\u200Dष'],
    ['accents, combining or not', 'Zoë Ångström Nguyễn'],
  ])('is allowed with %s', (_label, value) => {
    expect(refusal(value)).toBeUndefined();
  });

  it('is stored composed (NFC): an accent typed as a combining mark becomes one character', () => {
    const parsed = z.parse(fullName, '  Zoe\u0308  ');
    expect(parsed).toBe('Zoë');
    expect(parsed).toHaveLength(3);
  });
});
