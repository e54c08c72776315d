import { describe, expect, it } from 'vitest';
import { emailVerifiedClaim } from './email-verified-claim';

describe("an identity provider's email_verified claim", () => {
  it('takes an absent claim as verified (Entra ID leaves it out for its own accounts)', () => {
    expect(emailVerifiedClaim(undefined)).toBe(true);
  });

  it('takes true and "true" as verified', () => {
    expect(emailVerifiedClaim(true)).toBe(true);
    expect(emailVerifiedClaim('true')).toBe(true);
    expect(emailVerifiedClaim(' TRUE ')).toBe(true);
  });

  it('takes "false", false and anything else as unverified, so no account is made just in time for it (issue 63)', () => {
    for (const value of [false, 'false', 'False', '', 'no', 0, 1, null, {}])
      expect(emailVerifiedClaim(value), String(value)).toBe(false);
  });
});
