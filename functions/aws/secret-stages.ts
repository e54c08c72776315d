import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { now as clockNow } from '../clock';

/** Secrets Manager keeps the value being replaced as AWSPREVIOUS when a new one becomes AWSCURRENT. */
export type SecretStage = 'AWSCURRENT' | 'AWSPREVIOUS';

let client: SecretsManagerClient | undefined;

/** One version stage of a secret's value; undefined when the secret has no such stage yet (never rotated). */
export async function readSecretStage(secretId: string, stage: SecretStage): Promise<string | undefined> {
  client ??= new SecretsManagerClient({});
  try {
    return (await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }))).SecretString;
  } catch (error) {
    if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/**
 * Calls `load` at most once per `intervalMs` and shares the answer in between: what a request can
 * trigger with a wrong key or header (a fetch from Secrets Manager) stays bounded under a flood.
 */
export function throttled<T>(load: () => Promise<T>, intervalMs: number): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = clockNow().getTime();
    if (!last || now - last.at >= intervalMs) last = { at: now, value: load() };
    return last.value;
  };
}
