/**
 * A cookie that only says "a session was started in this browser". It is not httpOnly, so the web
 * app reads it before asking GET /api/user: a signed-out visitor's pages then make no request that
 * fails with 401. It proves nothing: the httpOnly session cookie stays the only proof, checked on the
 * server. Set beside the session cookie and cleared with it.
 */
export const SESSION_HINT_COOKIE = '__Host-growthwise_signed_in';
