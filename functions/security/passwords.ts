import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { CLOUD_PASSWORD_HASH_COST as CLOUD_COST, passwordHashCost as hashCost } from '../local-stage';

/**
 * A hash of a random secret nobody knows: unknown emails are compared against it, so a
 * wrong password and an unknown email take the same time. At the cloud's cost it is a constant (no
 * hashing on a cold start); at another cost it is made once, on the first unknown email.
 */
const CLOUD_DUMMY_HASH = '$2b$10$7KKn1smgLfVtGWR8jG8ZPuoW/nTQDH5bPYe3wjTi9S.DNSYNo9Xm.';
let dummyHash: Promise<string> | undefined;
const unknownUsersHash = () =>
  (dummyHash ??=
    hashCost() === CLOUD_COST ? Promise.resolve(CLOUD_DUMMY_HASH) : bcrypt.hash(randomBytes(16).toString('hex'), hashCost()));

/** New hashes at the cloud's cost, except where the local stage asks for less (local-stage.ts). */
export const hashPassword = async (password: string) => bcrypt.hash(password, hashCost());

export const verifyPassword = async (password: string, hash: string | undefined) =>
  bcrypt.compare(password, hash ?? (await unknownUsersHash()));
