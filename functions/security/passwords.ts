import bcrypt from 'bcryptjs';

const BCRYPT_COST = 10;

/**
 * A hash of a random secret nobody knows: unknown emails are compared against it, so a
 * wrong password and an unknown email take the same time.
 */
const DUMMY_HASH = '$2b$10$7KKn1smgLfVtGWR8jG8ZPuoW/nTQDH5bPYe3wjTi9S.DNSYNo9Xm.';

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export const verifyPassword = (password: string, hash: string | undefined) => bcrypt.compare(password, hash ?? DUMMY_HASH);
