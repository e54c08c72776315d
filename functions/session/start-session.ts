import { createSession } from '../db/sessions';
import { sessionCookies } from './cookie';
import { signSessionToken } from './token';

/** Stores a new session and answers the Set-Cookie values: the session and its hint. */
export async function startSession(userId: string, orgId: string): Promise<string[]> {
  const session = await createSession(userId, orgId);
  const token = await signSessionToken({ sessionId: session.id, userId, orgId }, session.expiresAt);
  return sessionCookies(token);
}
