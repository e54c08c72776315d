/** How long a session lives at most, whatever happens: 7 days from sign-in (the cookie's Max-Age too). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session unused for this long has ended. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/**
 * The last use is written at most this often: every other request only reads the session, so
 * checking it stays one round trip. The idle limit is therefore exact to within this much.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
