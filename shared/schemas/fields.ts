import * as z from 'zod/mini';
import { PASSWORD_MAX_BYTES } from '../limits';

const utf8 = new TextEncoder();

/** An email address, compared case-insensitively everywhere. */
export const email = (message: string) => z.email(message);

/** A password of at most 72 UTF-8 bytes (bcrypt's limit), with the caller's minimum-length rule. */
export const password = (min: number, message: string) =>
  z.string().check(
    z.minLength(min, message),
    z.refine((value) => utf8.encode(value).length <= PASSWORD_MAX_BYTES, {
      message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
    }),
  );

/** A required text: trimmed content of at least `min` characters. */
export const text = (min: number, message: string, max = 200) =>
  z.string().check(
    z.refine((value) => value.trim().length >= min, { message }),
    z.maxLength(max, `Must be at most ${max} characters`),
  );
