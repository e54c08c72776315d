/** Business constants of spec section 9 and the contract's limits, shared by web and functions. */
export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt only reads 72 bytes: a longer password is rejected, never silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const MAX_JSON_BODY_BYTES = 256 * 1024;
export const UNREAD_COUNT_POLL_MS = 30_000;
