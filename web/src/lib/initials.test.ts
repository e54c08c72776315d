import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words of the full name', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Grace Brewster Murray Hopper')).toBe('GB');
  });

  it('uses one letter for a one-word name and upper-cases it', () => {
    expect(initials('plato')).toBe('P');
  });

  it('ignores extra spaces', () => {
    expect(initials('  ada   lovelace ')).toBe('AL');
  });

  it("falls back to 'U' without a name", () => {
    expect(initials('')).toBe('U');
    expect(initials('   ')).toBe('U');
    expect(initials(undefined)).toBe('U');
    expect(initials(null)).toBe('U');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜da Byron')).toBe('𝒜B');
  });
});
