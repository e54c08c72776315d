import { webcrypto } from 'node:crypto';
import { type SecretStage, readSecretStage, throttled } from '../aws/secret-stages';
import { secretArn, secretValue } from '../config';

/**
 * The session signing keys: SESSION_SECRET (and SESSION_SECRET_PREVIOUS) locally, the secret's
 * AWSCURRENT (and AWSPREVIOUS) version in the cloud (SESSION_SECRET_ARN).
 *
 * The current key is read once per cold start and kept as an imported CryptoKey (handed raw bytes,
 * jose would import them again on every verification: about twice the cost). Only when a token's
 * signature fails with it are both versions read again (at most once a minute): after a rotation a
 * token signed with the previous key stays valid until it expires, and a container started before
 * the rotation learns the new key from the first token signed with it, and signs with it from then on.
 */
let current: Promise<webcrypto.CryptoKey> | undefined;

export function signingKey(): Promise<webcrypto.CryptoKey> {
  current ??= readKey('AWSCURRENT')
    .then(required)
    .catch((error: unknown) => {
      current = undefined;
      throw error;
    });
  return current;
}

const ROTATION_REFETCH_MS = 60_000;

/** The current and previous keys as stored now (the previous one only once the secret was rotated). */
const rotationKeys = throttled(async (): Promise<webcrypto.CryptoKey[]> => {
  const [fresh, previous] = await Promise.all([readKey('AWSCURRENT').then(required), readKey('AWSPREVIOUS')]);
  current = Promise.resolve(fresh);
  return previous ? [fresh, previous] : [fresh];
}, ROTATION_REFETCH_MS);

/**
 * Checks a token with the current key, then, only when `verify` says the signature is not that
 * key's ('wrong-key'), with the stored versions: a token signed before or after a rotation still verifies.
 */
export async function verifyWithStageKeys<T>(
  verify: (key: webcrypto.CryptoKey) => Promise<T | 'wrong-key'>,
): Promise<T | undefined> {
  const first = await verify(await signingKey());
  if (first !== 'wrong-key') return first;
  for (const key of await rotationKeys()) {
    const rotated = await verify(key);
    if (rotated !== 'wrong-key') return rotated;
  }
  return undefined;
}

async function readKey(stage: SecretStage): Promise<webcrypto.CryptoKey | undefined> {
  const arn = secretArn('SESSION_SECRET');
  const local = secretValue(stage === 'AWSCURRENT' ? 'SESSION_SECRET' : 'SESSION_SECRET_PREVIOUS');
  const secret = arn ? await readSecretStage(arn, stage) : local;
  if (!secret) return undefined;
  if (secret.length < 32) throw new Error(`The session signing secret (${stage}) is shorter than 32 characters`);
  return webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function required(key: webcrypto.CryptoKey | undefined): webcrypto.CryptoKey {
  if (!key) throw new Error('The session signing secret is missing');
  return key;
}
