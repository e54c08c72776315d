/** The 409 of an address another account holds: registration, adding a user, inviting and accepting alike. */
export const EMAIL_TAKEN = 'An account with this email already exists';
