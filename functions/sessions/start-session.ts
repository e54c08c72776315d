import type { TransactItem } from '../db/transactions';
import { readSessionCookie, sessionCookies } from '../security/cookie';
import { signSessionToken, verifySessionToken } from '../security/token';
import { createSession, deleteSession } from './writes';

/** The browser a session starts in: the cookies it sent (a session it still holds among them) and its User-Agent. */
export interface SessionBrowser {
  cookies: string[] | undefined;
  userAgent: string;
}

/**
 * Stores a new session for `browser` and answers the Set-Cookie values (the
 * session and its hint). A session that browser still holds ends: a new sign-in on the same browser
 * replaces its old session instead of leaving it behind in the Sessions list (and valid for days).
 * `audit` (a sign-in's entry, and what else the sign-in spends: a SAML assertion) is written in the
 * same transaction as the new session; `startedBy` records a sign-in through the organization's
 * identity provider.
 */
export async function startSession(
  userId: string,
  orgId: string,
  browser: SessionBrowser,
  audit?: TransactItem | readonly TransactItem[],
  startedBy?: 'sso',
): Promise<string[]> {
  const previousToken = readSessionCookie(browser.cookies);
  const previous = previousToken ? await verifySessionToken(previousToken) : undefined;
  const [session] = await Promise.all([
    createSession(userId, orgId, browser.userAgent, audit, startedBy),
    previous ? deleteSession(previous.userId, previous.sessionId) : undefined,
  ]);
  const token = await signSessionToken({ sessionId: session.id, userId, orgId }, session.expiresAt);
  return sessionCookies(token);
}
