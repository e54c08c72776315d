import { webcrypto } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * The session signing key: SESSION_SECRET locally, Secrets Manager in the cloud
 * (SESSION_SECRET_ARN), read once per cold start and kept for the container's life as an imported
 * CryptoKey (handed raw bytes, jose would import them again on every verification: about twice the cost).
 */
let keyPromise: Promise<webcrypto.CryptoKey> | undefined;

export function signingKey(): Promise<webcrypto.CryptoKey> {
  keyPromise ??= loadKey().catch((error: unknown) => {
    keyPromise = undefined;
    throw error;
  });
  return keyPromise;
}

async function loadKey(): Promise<webcrypto.CryptoKey> {
  const arn = process.env.SESSION_SECRET_ARN;
  const secret = arn
    ? (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }))).SecretString
    : process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error('The session signing secret is missing or shorter than 32 characters');
  return webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}
