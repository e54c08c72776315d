import { SESSION_LIFETIME_SECONDS } from './token';

/** The __Host- prefix makes browsers insist on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = '__Host-growthwise_session';

export const sessionCookie = (token: string) =>
  `${SESSION_COOKIE}=${token}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=${SESSION_LIFETIME_SECONDS}`;

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=0`;

/** API Gateway payload 2.0 puts the Cookie header's pairs in event.cookies. */
export function readSessionCookie(cookies: string[] | undefined): string | undefined {
  for (const pair of cookies ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === SESSION_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}
