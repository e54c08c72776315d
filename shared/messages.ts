/**
 * Texts the API answers outside a schema's own validation, kept apart from the schemas so that the
 * functions sending them do not build every schema of the module at their cold start
 * (docs/decisions/021i); the schemas, the web and the tests take them from here.
 */

/** The 403 of every protected route (but setup, logout and GET /api/user) for a member who must set up two-factor first. */
export const MFA_REQUIRED_BY_ORGANIZATION = 'Two-factor authentication is required by your organization.';

/** A user's password on Add User and Edit user (spec section 6): too short, or missing where a new user needs one. */
export const USER_PASSWORD_MESSAGE = 'Password must be at least 6 characters';

/** An unknown, used, voided or expired link of a mail. */
export const INVALID_LINK = 'This link is invalid or has expired.';
