import * as z from 'zod/mini';

/** A signed-in session of the caller, as the Sessions section lists it. */
export const sessionResponse = z.object({
  id: z.string(),
  /** Browser and system read from the user agent at sign-in, e.g. 'Chrome 131 on Linux'. */
  device: z.string(),
  /** ISO-8601: when the session was signed in. */
  createdAt: z.string(),
  /** ISO-8601, approximate: the last use is recorded at most once an hour. */
  lastUsedAt: z.string(),
  /** The session of the request itself (this browser). */
  current: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;
