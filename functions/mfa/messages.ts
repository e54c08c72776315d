export const MFA_ALREADY_ON = 'Two-factor authentication is already on.';
export const MFA_NOT_ON = 'Two-factor authentication is not on.';
export const NO_SETUP = 'Start the setup again: no setup is in progress.';

export const CHANGED_MEANWHILE = 'Their two-factor settings changed meanwhile. Try again.';

export const REQUIREMENT_NEEDS_OWN_MFA =
  'Set up two-factor authentication for your own account before requiring it for everyone.';
