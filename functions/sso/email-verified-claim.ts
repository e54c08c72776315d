/**
 * Whether an OIDC `email_verified` claim says the address is verified. Absent is taken as verified:
 * Entra ID leaves it out of tokens for its own accounts' addresses. Some providers send it as a
 * string, so "false" must not pass as a value that is merely not `false` (issue 63); anything but
 * true or "true" is unverified.
 */
export function emailVerifiedClaim(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return value === true;
}
