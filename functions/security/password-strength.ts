import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { PRODUCT_NAME } from '../../shared/product';
import { COMMON_PASSWORD, EASY_PASSWORD } from '../../shared/schemas/fields';
import { badRequest } from '../http/http-error';
import { commonPasswords } from './common-passwords';

/**
 * zxcvbn's score of at least this is asked of a new password (0: under 10³ guesses, 1: under 10⁶).
 * 1 refuses sequences, repeats, keyboard walks, dates and the common passwords with a digit or two
 * added, yet keeps the spec's six-character minimum meaningful (a random six-letter word passes);
 * the failed-sign-in limits stop an online attack long before 10³ guesses (docs/decisions/034).
 */
export const MINIMUM_SCORE = 1;

let estimator: ZxcvbnFactory | undefined;

/** Refused for a new password made of the account's own words (ASVS 6.2.11): its name, its address, the organization's or the product's name. */
export const CONTEXT_PASSWORD = `This password is too easy to guess: avoid your name, your email address and the name ${PRODUCT_NAME}.`;

/** Whose password it is: the words an attacker who knows the account tries first (ASVS 6.2.11). */
export interface PasswordContext {
  email: string;
  fullName?: string;
  organizationName?: string;
}

const lettersOf = (value: string) => value.toLowerCase().replace(/[^\p{L}]/gu, '');

/** The account's own words, letters only: the product's name, the address's local part and domain name, the names' words and wholes. */
function contextWords({ email, fullName = '', organizationName = '' }: PasswordContext): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const parts = [
    PRODUCT_NAME,
    local,
    domain.split('.')[0] ?? '',
    fullName,
    organizationName,
    ...`${fullName} ${organizationName}`.split(/\s+/),
  ];
  return [...new Set(parts.map(lettersOf).filter((word) => word.length >= 3))];
}

/**
 * The message a new password is refused with, or undefined when it is strong enough: one of the
 * most common passwords, the account's own words with digits or symbols around them (`Growthwise2026`,
 * `ana.lopez1`), or too easy to guess with those words counted as known (zxcvbn's user inputs).
 */
export function weakPasswordMessage(password: string, context?: PasswordContext): string | undefined {
  const common = commonPasswords();
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD;
  const words = context ? contextWords(context) : [lettersOf(PRODUCT_NAME)];
  const letters = lettersOf(password);
  if (
    letters.length > 0 &&
    words.some((word) => letters === word || (letters.length <= word.length + 2 && letters.includes(word)))
  )
    return CONTEXT_PASSWORD;
  // Built on first use, not at import: the routes that never set a password skip the work.
  estimator ??= new ZxcvbnFactory({ dictionary: { passwords: [...common] }, graphs: adjacencyGraphs });
  return estimator.check(password, words).score < MINIMUM_SCORE ? EASY_PASSWORD : undefined;
}

/**
 * Refuses a new password that is among the most common ones, made of the account's own words or
 * too easy to guess, with the message under its field. Checked on the server only: the list and the
 * estimator are too heavy for the web app's bundle.
 */
export function refuseWeakPassword(password: string | undefined, field: string, context?: PasswordContext) {
  const message = password === undefined ? undefined : weakPasswordMessage(password, context);
  if (message) throw badRequest(message, { [field]: message });
}
