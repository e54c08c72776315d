import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, readSessionCookie } from './cookie';

describe('readSessionCookie', () => {
  it('finds the session cookie among others and ignores look-alikes', () => {
    expect(readSessionCookie(['theme=dark', `${SESSION_COOKIE}=abc.def.ghi`])).toBe('abc.def.ghi');
    expect(readSessionCookie([`x${SESSION_COOKIE}=nope`])).toBeUndefined();
    expect(readSessionCookie(undefined)).toBeUndefined();
  });
});
