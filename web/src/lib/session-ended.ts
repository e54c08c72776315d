import { clearSessionHint } from './session-hint';

/** What the app does when the session ends under a signed-in page (app/session-ended-handler.tsx). */
type Handler = () => void;
let handler: Handler | undefined;
/** A session that ended before the app had mounted its handler (a first screen's early request). */
let endedUnhandled = false;

export function whenSessionEnds(next: Handler) {
  handler = next;
  if (endedUnhandled) {
    endedUnhandled = false;
    next();
  }
  return () => {
    if (handler === next) handler = undefined;
  };
}

/**
 * A request of a signed-in page answered 401: the session ended (signed out elsewhere, idle
 * timeout, revoked). The app forgets the user and goes to /auth; the request never settles, so the
 * page neither shows its error state nor a '401: Not authenticated' toast on its way out.
 */
export function sessionEnded(): Promise<never> {
  clearSessionHint();
  if (handler) handler();
  else endedUnhandled = true;
  return new Promise<never>(() => {});
}
