import type { UserItem } from '../user/item';

/** How long a new factor stays removable by a password reset until a sign-in has passed it. */
export const UNCONFIRMED_MFA_MS = 24 * 60 * 60 * 1000;

/**
 * True when two-factor was turned on in the last 24 hours and no sign-in has passed it since: a
 * password reset by mail then removes it (docs/decisions/038), so someone who put their own
 * authenticator on the account with a stolen cookie cannot keep its owner out for good.
 */
export const isUnconfirmedNewMfa = (user: UserItem, now: number) =>
  user.mfaEnabled === true &&
  user.mfaEnabledAt !== undefined &&
  now - user.mfaEnabledAt < UNCONFIRMED_MFA_MS &&
  !(user.mfaSignedInAt !== undefined && user.mfaSignedInAt >= user.mfaEnabledAt);
