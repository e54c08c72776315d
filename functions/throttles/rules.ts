import type { ThrottleRule } from './attempt-throttles';

const MINUTE = 60 * 1000;

/**
 * Failed proofs of a password (sign-in, a wrong current password on change-password or two-factor
 * disable), per account, whatever address they come from. Keyed by the lower-case email, so an
 * unknown email is limited exactly like a real one and the 429 tells nothing about existence.
 */
export const FAILED_PASSWORDS_PER_ACCOUNT: ThrottleRule = { name: 'PASSWORD-ACCOUNT', limit: 10, windowMs: 15 * MINUTE };

/** Failed sign-ins per client address, across accounts: one address spraying a password over many emails. */
export const FAILED_SIGN_INS_PER_ADDRESS: ThrottleRule = { name: 'SIGNIN-ADDRESS', limit: 30, windowMs: 15 * MINUTE };

/** Registrations per client address (each creates an organization). */
export const REGISTRATIONS_PER_ADDRESS: ThrottleRule = { name: 'REGISTER-ADDRESS', limit: 5, windowMs: 60 * MINUTE };

/** Invitation lookups and acceptances per client address (an acceptance hashes a password with bcrypt). */
export const INVITATION_LINKS_PER_ADDRESS: ThrottleRule = { name: 'INVITE-ADDRESS', limit: 30, windowMs: 15 * MINUTE };

export const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please try again later.';
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many wrong passwords. Please try again later.';
export const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address. Please try again later.';
export const TOO_MANY_INVITATION_REQUESTS = 'Too many invitation requests from this address. Please try again later.';
