import { readSecretStage, throttled } from '../aws/secret-stages';
import { secretArn } from '../config';

const ROTATION_REFETCH_MS = 60_000;

/**
 * Whether x-origin-verify holds the stage's secret: the value deployed with this function
 * (ORIGIN_VERIFY_SECRET), or the secret's current or previous value as stored now. During a
 * rotation CloudFront's edges and the functions switch values at different moments; accepting
 * both versions keeps every request passing (docs/decisions/020). The stored values are read only
 * when the deployed one does not match, at most once a minute, so stray requests cannot flood
 * Secrets Manager.
 */
export async function originVerified(header: string | undefined, deployed: string): Promise<boolean> {
  if (header === undefined || header === '') return false;
  if (header === deployed) return true;
  const accepted = await storedValues();
  return accepted.includes(header);
}

const storedValues = throttled(async (): Promise<string[]> => {
  const arn = secretArn('ORIGIN_VERIFY_SECRET');
  if (!arn) return [];
  const values = await Promise.all([readSecretStage(arn, 'AWSCURRENT'), readSecretStage(arn, 'AWSPREVIOUS')]);
  return values.filter((value): value is string => Boolean(value));
}, ROTATION_REFETCH_MS);
