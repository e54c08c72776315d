export const LAST_ADMIN = 'An organization needs at least one administrator';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself';
