import { SESSION_HINT_COOKIE } from '@shared/session-hint';

/** Whether this browser holds a session hint: without one GET /api/user would only answer 401. */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Forgets a hint whose session the server no longer knows (expired, ended in another tab). */
export function clearSessionHint() {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Secure; SameSite=Lax; Path=/; Max-Age=0`;
}
