import type * as SecretsManager from '@aws-sdk/client-secrets-manager';

/** What the stand-in answers from: a secret's value by version stage, and how many reads it had. */
export interface StoredVersions {
  versions: Record<string, string | undefined>;
  reads: number;
}

/**
 * For unit tests of a secret's rotation: the Secrets Manager module with a client that answers
 * GetSecretValue from `stored` (a missing version stage is ResourceNotFound, as in AWS). Use it in
 * the factory of vi.mock('@aws-sdk/client-secrets-manager'), with `stored` made by vi.hoisted.
 */
export function secretsManagerByStage(actual: typeof SecretsManager, stored: StoredVersions): typeof SecretsManager {
  class SecretsManagerClient {
    send(command: InstanceType<typeof actual.GetSecretValueCommand>) {
      stored.reads += 1;
      const value = stored.versions[command.input.VersionStage ?? 'AWSCURRENT'];
      if (value === undefined) {
        return Promise.reject(new actual.ResourceNotFoundException({ message: 'no such version stage', $metadata: {} }));
      }
      return Promise.resolve({ SecretString: value });
    }
  }
  return { ...actual, SecretsManagerClient } as unknown as typeof SecretsManager;
}
