import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** bcrypt's cost in every cloud stage, and the least any stage but the local one may use. */
const CLOUD_COST = 10;

/**
 * The cost of new hashes. The test suites' local clouds set PASSWORD_HASH_COST to bcrypt's least (4):
 * bcryptjs is JavaScript on the emulator's one thread, and at cost 10 it was a fifth of the integration
 * suite's main-process CPU. Only the local stage may go below the cloud's cost.
 */
function hashCost(): number {
  const given = process.env.PASSWORD_HASH_COST;
  if (!given) return CLOUD_COST;
  const cost = Number(given);
  if (!Number.isInteger(cost) || cost < 4 || cost > 31) throw new Error(`PASSWORD_HASH_COST must be an integer from 4 to 31, not '${given}'`);
  if (cost < CLOUD_COST && process.env.STAGE !== 'local') throw new Error(`PASSWORD_HASH_COST below ${CLOUD_COST} is for the local stage only`);
  return cost;
}

/**
 * A hash of a random secret nobody knows: unknown emails are compared against it, so a
 * wrong password and an unknown email take the same time. At the cloud's cost it is a constant (no
 * hashing on a cold start); at another cost it is made once, on the first unknown email.
 */
const CLOUD_DUMMY_HASH = '$2b$10$7KKn1smgLfVtGWR8jG8ZPuoW/nTQDH5bPYe3wjTi9S.DNSYNo9Xm.';
let dummyHash: Promise<string> | undefined;
const unknownUsersHash = () => (dummyHash ??= hashCost() === CLOUD_COST ? Promise.resolve(CLOUD_DUMMY_HASH) : bcrypt.hash(randomBytes(16).toString('hex'), hashCost()));

export const hashPassword = async (password: string) => bcrypt.hash(password, hashCost());

export const verifyPassword = async (password: string, hash: string | undefined) => bcrypt.compare(password, hash ?? (await unknownUsersHash()));
