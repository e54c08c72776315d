import { SESSION_HINT_COOKIE } from '../../shared/session-hint';
import { SESSION_LIFETIME_SECONDS } from './token';

/** The __Host- prefix makes browsers insist on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = '__Host-growthwise_session';

/** The session cookie and, beside it with the same lifetime, the readable hint (shared/session-hint.ts). */
export const sessionCookies = (token: string) => [
  `${SESSION_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_LIFETIME_SECONDS}`,
  `${SESSION_HINT_COOKIE}=1; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_LIFETIME_SECONDS}`,
];

/** Both cookies removed: the session and its hint always go together. */
export const clearedSessionCookies = () => [
  `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`,
  `${SESSION_HINT_COOKIE}=; Secure; SameSite=Lax; Path=/; Max-Age=0`,
];

export const readSessionCookie = (cookies: string[] | undefined) => cookieValue(cookies, SESSION_COOKIE);

/** The value of the cookie `name`: API Gateway payload 2.0 puts the Cookie header's pairs in event.cookies. */
export function cookieValue(cookies: string[] | undefined, name: string): string | undefined {
  for (const pair of cookies ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
