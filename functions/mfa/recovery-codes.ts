import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../shared/limits';
import { hashRecoveryCode } from './mfa-encryption';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** One code: 10 base32 characters (50 random bits), shown as two groups of 5. */
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of recovery codes (shown once) and their keyed hashes (the only thing stored). */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: Set<string> }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  return { codes, hashes: new Set(await Promise.all(codes.map(hashRecoveryCode))) };
}
