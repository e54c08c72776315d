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

/**
 * The 403 of a security change (Endpoint.stepUp) when this session has not confirmed the password or a
 * two-factor code within STEP_UP_WINDOW_MS; its body's `code` is STEP_UP_REQUIRED, so the web knows to
 * ask and send the change again (docs/decisions/038).
 */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
export const STEP_UP_REQUIRED_MESSAGE = 'Please confirm your password to continue.';

/** An invitation whose inviter is no longer an admin of the organization: it cannot be accepted (docs/decisions/038). */
export const INVITATION_VOIDED =
  'This invitation is no longer valid: the person who sent it is no longer an admin of the organization. Ask an admin to invite you again.';
