export const LAST_ADMIN = 'An organization needs at least one administrator';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself';
/** A save or removal that kept meeting other requests' changes of the same user: nothing was written. */
export const USER_CHANGED_MEANWHILE = 'This user was changed by someone else at the same time. Please try again.';
