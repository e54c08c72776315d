import { timingSafeEqual, webcrypto } from 'node:crypto';
import { signingKey, verifyWithStageKeys } from '../security/secret';

/**
 * The keyed hash an API key's secret is stored as: HMAC-SHA256 under the stage's signing key, with a
 * label of its own so no other use of that key (a session token's signature) can ever produce the same
 * bytes. A copy of the table alone tells nothing about any key (docs/decisions/113).
 */
const LABEL = new TextEncoder().encode('growthwise api key\u0000');

async function hashWith(key: webcrypto.CryptoKey, secret: string): Promise<Buffer> {
  const secretBytes = new TextEncoder().encode(secret);
  const message = new Uint8Array(LABEL.length + secretBytes.length);
  message.set(LABEL);
  message.set(secretBytes, LABEL.length);
  return Buffer.from(await webcrypto.subtle.sign('HMAC', key, message));
}

/** The hash to store for a new secret, under the current signing key. */
export const hashApiKeySecret = async (secret: string) => (await hashWith(await signingKey(), secret)).toString('hex');

/**
 * Whether `secret` is the one stored as `storedHash`: 'current' under the current signing key,
 * 'previous' under the key it replaced (the stored hash is then made again under the current one,
 * so a key in use outlives rotations), or false. Compared in constant time.
 */
export async function matchApiKeySecret(secret: string, storedHash: string): Promise<'current' | 'previous' | false> {
  const stored = Buffer.from(storedHash, 'hex');
  const current = await signingKey();
  const matched = await verifyWithStageKeys(async (key) => {
    const given = await hashWith(key, secret);
    return given.length === stored.length && timingSafeEqual(given, stored) ? key : 'wrong-key';
  });
  if (!matched) return false;
  return matched === current ? 'current' : 'previous';
}
