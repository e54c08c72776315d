export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const FACTORS_CHANGED = 'Your two-factor settings changed meanwhile. Try again.';
