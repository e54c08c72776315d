import { brotliDecompressSync } from 'node:zlib';
import { COMMON_PASSWORDS_BROTLI_BASE64 } from './common-passwords.generated';

let common: Set<string> | undefined;

/** The 10,000 most common passwords, lower-case: compared case-insensitively ('Password' is 'password'). */
export function commonPasswords(): ReadonlySet<string> {
  // Built on first use, not at import: the routes that never set a password skip the work.
  common ??= new Set(brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI_BASE64, 'base64')).toString('utf8').split('\n'));
  return common;
}
