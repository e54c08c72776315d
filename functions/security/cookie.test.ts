import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, clearedSessionCookies, readSessionCookie, sessionCookies } from './cookie';

describe('readSessionCookie', () => {
  it('finds the session cookie among others and ignores look-alikes', () => {
    expect(readSessionCookie(['theme=dark', `${SESSION_COOKIE}=abc.def.ghi`])).toBe('abc.def.ghi');
    expect(readSessionCookie([`x${SESSION_COOKIE}=nope`])).toBeUndefined();
    expect(readSessionCookie(undefined)).toBeUndefined();
  });
});

describe('the session hint', () => {
  it('is set beside the session with the same lifetime, readable by the page and holding nothing but 1', () => {
    const [session, hint] = sessionCookies('abc.def.ghi');
    expect(session).toMatch(/^__Host-growthwise_session=abc\.def\.ghi; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=(\d+)$/);
    expect(hint).toMatch(/^__Host-growthwise_signed_in=1; Secure; SameSite=Lax; Path=\/; Max-Age=(\d+)$/);
    expect(hint).not.toContain('HttpOnly');
    expect(hint!.split('Max-Age=')[1]).toBe(session!.split('Max-Age=')[1]);
  });

  it('is cleared with the session', () => {
    const cleared = clearedSessionCookies();
    expect(cleared).toHaveLength(2);
    expect(cleared.map((cookie) => cookie.split('=')[0])).toEqual(['__Host-growthwise_session', '__Host-growthwise_signed_in']);
    for (const cookie of cleared) expect(cookie).toMatch(/=; .*Path=\/; Max-Age=0$/);
  });
});
