import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretName, secretArn, secretValue } from '../config';

let client: SecretsManagerClient | undefined;

/**
 * A secret read once per cold start: from Secrets Manager when `<name>_ARN` is set (the cloud),
 * else from the environment variable `<name>` itself (locally). Undefined when neither holds a value.
 * A failed read is tried again on the next call rather than remembered.
 */
export function secretOnce(name: SecretName): () => Promise<string | undefined> {
  let value: Promise<string | undefined> | undefined;
  return () => {
    value ??= read(name).catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

async function read(name: SecretName): Promise<string | undefined> {
  const arn = secretArn(name);
  if (!arn) return secretValue(name)?.trim() || undefined;
  client ??= new SecretsManagerClient({});
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return out.SecretString?.trim() || undefined;
}
