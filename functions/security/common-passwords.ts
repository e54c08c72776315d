import { COMMON_PASSWORD } from '../../shared/schemas/fields';
import { badRequest } from '../http/http-error';
import { brotliDecompressSync } from 'node:zlib';
import { COMMON_PASSWORDS_BROTLI_BASE64 } from './common-passwords.generated';

let common: Set<string> | undefined;

/** True for one of the 10,000 most common passwords, compared case-insensitively ('Password' is 'password'). */
export function isCommonPassword(password: string): boolean {
  // Built on first use, not at import: the routes that never set a password skip the work.
  common ??= new Set(brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI_BASE64, 'base64')).toString('utf8').split('\n'));
  return common.has(password.toLowerCase());
}

/**
 * Refuses a new password that is among the most common ones, with the message under its field.
 * Checked on the server only: the list is too heavy for the web app's bundle.
 */
export function refuseCommonPassword(password: string | undefined, field: string) {
  if (password !== undefined && isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
