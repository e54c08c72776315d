import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * The session signing key: SESSION_SECRET locally, Secrets Manager in the cloud
 * (SESSION_SECRET_ARN), read once per cold start and kept for the container's life.
 */
let keyPromise: Promise<Uint8Array> | undefined;

export function signingKey(): Promise<Uint8Array> {
  keyPromise ??= loadKey().catch((error: unknown) => {
    keyPromise = undefined;
    throw error;
  });
  return keyPromise;
}

async function loadKey(): Promise<Uint8Array> {
  const arn = process.env.SESSION_SECRET_ARN;
  const secret = arn
    ? (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }))).SecretString
    : process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error('The session signing secret is missing or shorter than 32 characters');
  return new TextEncoder().encode(secret);
}
