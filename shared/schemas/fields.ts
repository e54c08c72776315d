import * as z from 'zod/mini';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '../limits';
import { INVALID_LINK } from '../messages';

const utf8 = /* @__PURE__ */ new TextEncoder();

/** An email address, compared case-insensitively everywhere. */
export const email = (message: string) => z.email(message).check(z.maxLength(EMAIL_MAX_LENGTH, message));

/** A password of at most 72 UTF-8 bytes (bcrypt's limit), with the caller's minimum-length rule. */
export const password = (min: number, message: string) =>
  z.string().check(
    z.minLength(min, message),
    z.refine((value) => utf8.encode(value).length <= PASSWORD_MAX_BYTES, {
      message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
    }),
  );

/** Refused for a new password that is only whitespace, and on the server for one of the most common passwords. */
export const COMMON_PASSWORD = 'This password is too common. Choose a different one.';
/** Refused on the server for a new password that is easy to guess though not on the list (a sequence, a repeat, a keyboard walk). */
export const EASY_PASSWORD = 'This password is too easy to guess: avoid sequences, repeats and keyboard patterns.';

/** A new password's confirmation field: a password of the new-password minimum (the form checks that both match). */
export const confirmPassword = (message: string) => password(PASSWORD_MIN_LENGTH, message);

/** The check of a form with a new password and its confirmation: both the same, or an error on the confirmation. */
export const confirmationMatches = () =>
  z.refine<{ newPassword: string; confirmPassword: string }>((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/**
 * A password being chosen (registration, change, reset, invitation acceptance, admin-set): at least
 * PASSWORD_MIN_LENGTH characters, and not only whitespace. Every field that sets a password is built by it.
 */
export const newPassword = (message: string) =>
  password(PASSWORD_MIN_LENGTH, message).check(z.refine((value) => value.trim().length > 0, { message: COMMON_PASSWORD }));

/** Emails are at most 254 characters (RFC 5321's limit on a path): longer ones cannot be delivered to. */
const EMAIL_MAX_LENGTH = 254;

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens, the BOM, tag characters...): Unicode's Default_Ignorable_Code_Point. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Characters that look blank but are neither whitespace nor default-ignorable (the blank Braille pattern). */
const BLANK = /\u2800/gu;
/**
 * The invisible characters that do a visible job: a zero-width joiner between emoji (👩‍💻), a
 * variation selector after an emoji or a keycap digit (❤️, 1️⃣), and the joiners inside scripts that
 * shape with them (Persian, the Indic scripts, Sinhala). Anywhere else they only hide differences.
 */
const VISIBLE_JOB =
  /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})|(?<=[\p{Extended_Pictographic}0-9#*])[\uFE0E\uFE0F]|(?<=[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}])[\u200C\u200D](?=[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}])/gu;
/** Control characters, and the bidirectional embeddings, overrides and isolates that reorder what follows them ('Eve\u202eNIMDA' shows as 'EveADMIN'). */
const NOT_ALLOWED = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** More combining marks on one character than any script writes ('Zalgo' text that spills over its neighbours). */
const MARK_FLOOD = /\p{M}{5,}/u;

/** The length a person sees: without invisible or blank characters and surrounding whitespace. */
export const visibleLength = (value: string) => value.replace(INVISIBLE, '').replace(BLANK, '').trim().length;

const hidesSomething = (value: string) => value.replace(VISIBLE_JOB, '').search(INVISIBLE) !== -1;

/**
 * A name or title's refusals ('<label> contains characters that are not allowed.'): control
 * characters, bidirectional overrides, invisible characters inside visible text (but for the joiners
 * and selectors of emoji and joining scripts), and floods of combining marks.
 */
export const allowedCharacters = (label: string) =>
  z.refine<string>(
    (value) => !NOT_ALLOWED.test(value) && !MARK_FLOOD.test(value) && (visibleLength(value) === 0 || !hidesSomething(value)),
    {
      message: `${label} contains characters that are not allowed.`,
    },
  );

/**
 * A required name or title, trimmed and in Unicode's composed form (NFC: 'é' is one character
 * however it was typed): at least `min` visible characters (invisible and blank ones do not count),
 * at most `max`, and only allowed characters.
 */
export const text = (min: number, message: string, label: string, max = 200) =>
  z.string().check(
    z.trim(),
    z.normalize('NFC'),
    z.refine((value) => visibleLength(value) >= min, { message }),
    z.maxLength(max, `Must be at most ${max} characters`),
    allowedCharacters(label),
  );

/** A token from a mail link's fragment: 32 random bytes, base64url (43 characters). */
export const mailToken = () => z.string().check(z.minLength(1, INVALID_LINK), z.maxLength(128, INVALID_LINK));

/** A paged list's page size: a whole number from 1 to `max` (as query-string text). */
export const pageLimit = (max: number) =>
  z.optional(
    z.string().check(
      z.refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= max, {
        message: `limit must be a whole number from 1 to ${max}`,
      }),
    ),
  );

/** A paged list's cursor: opaque, given by the previous page's `Link` header. */
export const pageCursor = () => z.optional(z.string().check(z.maxLength(2000, 'cursor is not one this list gave')));

export const sortOrder = () => z.optional(z.enum(['asc', 'desc'], { error: () => 'order must be asc or desc' }));

/** A list's search text: trimmed, not empty, at most `max` characters, no control characters. */
export const searchText = (max: number) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Search must not be empty'),
        z.maxLength(max, `Search must be at most ${max} characters`),
        allowedCharacters('Search'),
      ),
  );
