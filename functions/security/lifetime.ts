/** How long a session lives at most, whatever happens: 7 days from sign-in (the cookie's Max-Age too). */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session unused for this long has ended (docs/decisions/039). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** The idle limit of the sessions of an organization that requires two-factor sign-in: it asked for the stricter rules. */
export const SESSION_IDLE_MFA_REQUIRED_MS = 30 * 60 * 1000;
/** The longest idle limit: a session's TTL (clean-up only) is counted with it, whatever its organization decides later. */
export const SESSION_IDLE_LONGEST_MS = Math.max(SESSION_IDLE_MS, SESSION_IDLE_MFA_REQUIRED_MS);

/** The idle limit for a session of this organization. */
export const sessionIdleLimit = (org: { requireMfa?: boolean }) =>
  org.requireMfa ? SESSION_IDLE_MFA_REQUIRED_MS : SESSION_IDLE_MS;

/**
 * The last use is written at most this often: every other request only reads the session, so
 * checking it stays one round trip. The idle limit is therefore exact to within this much (a
 * sixth of the shorter limit).
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
