/**
 * Every throttle of the API, with the messages of its refusals. Two kinds of window
 * (functions/throttles/throttles.ts): a 'fixed' rule counts from a subject's first request for
 * `windowMs` in one item (`THROTTLE#<name>#<subject>`), read with the route's other items and counted
 * in its transaction; a 'sliding' rule counts in clock-aligned windows (`ATTEMPTS#<name>#<subject>#<window>`)
 * and estimates the last `windowMs` from the current and the previous window.
 */
export interface ThrottleRule<Window extends ThrottleWindow = ThrottleWindow> {
  /** Part of the counters' keys: renaming a rule forgets its counts. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly window: Window;
  /** Counts per client address (its /64 for IPv6: functions/throttles/client-network.ts) rather than per account or email. */
  readonly perClientAddress?: true;
}

type ThrottleWindow = 'fixed' | 'sliding';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

// Sliding windows: failures and floods, where a window's end must not lift a lock at once.

/**
 * Failed proofs of a password (sign-in, a wrong current password on change-password or two-factor
 * disable), per account, whatever address they come from. Keyed by the lower-case email, so an
 * unknown email is limited exactly like a real one and the 429 tells nothing about existence.
 */
export const FAILED_PASSWORDS_PER_ACCOUNT: ThrottleRule<'sliding'> = {
  name: 'PASSWORD-ACCOUNT',
  limit: 10,
  windowMs: 15 * MINUTE,
  window: 'sliding',
};

/** Failed sign-ins per client address, across accounts: one address spraying a password over many emails. */
export const FAILED_SIGN_INS_PER_ADDRESS: ThrottleRule<'sliding'> = {
  name: 'SIGNIN-ADDRESS',
  limit: 30,
  windowMs: 15 * MINUTE,
  window: 'sliding',
  perClientAddress: true,
};

/**
 * Failed passwords for one account from one known device (a browser holding the signed device cookie
 * of an earlier sign-in of that account): the owner's own browser has an allowance of its own, so
 * strangers filling the account's counter do not lock it out (docs/decisions/040).
 */
export const FAILED_PASSWORDS_PER_DEVICE: ThrottleRule<'sliding'> = {
  name: 'PASSWORD-DEVICE',
  limit: 10,
  windowMs: 15 * MINUTE,
  window: 'sliding',
};

/**
 * Wrong proofs given by someone past the stranger's door: a wrong current password or code with a
 * session (change-password, two-factor enable and disable), a wrong two-factor code after a right
 * password. Keyed by the user id, so only the account's owner (or whoever holds their session or
 * password) can fill it, never a stranger who knows only the email.
 */
export const FAILED_PROOFS_PER_USER: ThrottleRule<'sliding'> = {
  name: 'PROOF-USER',
  limit: 10,
  windowMs: 15 * MINUTE,
  window: 'sliding',
};

/** Invitations sent and resent by one admin (its user id). */
export const INVITATIONS_PER_ADMIN: ThrottleRule<'sliding'> = {
  name: 'INVITE-ADMIN',
  limit: 30,
  windowMs: 60 * MINUTE,
  window: 'sliding',
};

/** Invitations sent and resent in one organization (its id), by all its admins together. */
export const INVITATIONS_PER_ORGANIZATION: ThrottleRule<'sliding'> = {
  name: 'INVITE-ORG',
  limit: 100,
  windowMs: 60 * MINUTE,
  window: 'sliding',
};

/** Registrations per client address (each creates an organization). */
export const REGISTRATIONS_PER_ADDRESS: ThrottleRule<'sliding'> = {
  name: 'REGISTER-ADDRESS',
  limit: 5,
  windowMs: 60 * MINUTE,
  window: 'sliding',
  perClientAddress: true,
};

/**
 * Invitation lookups and acceptances per client address (an acceptance hashes a password with bcrypt):
 * loose, so an office behind one address can take in 150 invitees in 15 minutes (a lookup and an
 * accept each); one link is limited on its own (INVITATION_LINK_USES_PER_TOKEN, docs/decisions/050).
 */
export const INVITATION_LINKS_PER_ADDRESS: ThrottleRule<'sliding'> = {
  name: 'INVITE-LINKS',
  limit: 300,
  windowMs: 15 * MINUTE,
  window: 'sliding',
  perClientAddress: true,
};

/** Lookups and acceptances of one invitation link (its token's hash): a person opens it a few times, not dozens. */
export const INVITATION_LINK_USES_PER_TOKEN: ThrottleRule<'sliding'> = {
  name: 'INVITE-TOKEN',
  limit: 10,
  windowMs: 15 * MINUTE,
  window: 'sliding',
};

// Fixed windows: the mail-sending routes, whose counters are read and written with the route's own items.

/** Reset mails to one address: a user who lost a mail can ask again; a flood cannot. */
export const PASSWORD_RESETS_PER_ADDRESS: ThrottleRule<'fixed'> = {
  name: 'reset-address',
  limit: 5,
  windowMs: HOUR,
  window: 'fixed',
};

/** Reset requests from one client address, whatever the email: stops walking through addresses. */
export const PASSWORD_RESETS_PER_CLIENT: ThrottleRule<'fixed'> = {
  name: 'reset-client',
  limit: 30,
  windowMs: HOUR,
  window: 'fixed',
  perClientAddress: true,
};

/** Sign-in code mails to one account (the one-time codes of docs/decisions/040): enough for a person, no flood. */
export const SIGN_IN_CODES_PER_ACCOUNT: ThrottleRule<'fixed'> = {
  name: 'signin-code',
  limit: 5,
  windowMs: HOUR,
  window: 'fixed',
};

export const VERIFICATION_RESENDS_PER_USER: ThrottleRule<'fixed'> = {
  name: 'verify-resend',
  limit: 3,
  windowMs: HOUR,
  window: 'fixed',
};

/** Resends of one invitation: an admin can fix a lost mail, not flood an inbox. */
export const INVITATION_RESENDS_PER_INVITATION: ThrottleRule<'fixed'> = {
  name: 'invite-resend',
  limit: 3,
  windowMs: HOUR,
  window: 'fixed',
};

export const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many wrong passwords. Please try again later.';
export const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address. Please try again later.';
export const TOO_MANY_INVITATION_REQUESTS = 'Too many invitation requests from this address. Please try again later.';
export const TOO_MANY_ORGANIZATION_REQUESTS = 'Your organization is sending too many requests. Please try again in a moment.';
export const TOO_MANY_INVITATION_LINK_USES = 'This invitation link was opened too often. Please try again later.';
export const TOO_MANY_PASSWORD_RESETS = 'Too many password reset requests. Please try again later.';
export const TOO_MANY_VERIFICATION_MAILS = 'Too many verification emails. Please try again later.';
export const TOO_MANY_INVITATION_RESENDS = 'This invitation was resent too often. Please try again later.';
export const TOO_MANY_INVITATIONS = 'Too many invitations were sent in the last hour. Please try again later.';
