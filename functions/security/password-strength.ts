import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
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

/** The message a new password is refused with, or undefined when it is strong enough. */
export function weakPasswordMessage(password: string): string | undefined {
  const common = commonPasswords();
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD;
  // Built on first use, not at import: the routes that never set a password skip the work.
  estimator ??= new ZxcvbnFactory({ dictionary: { passwords: [...common] }, graphs: adjacencyGraphs });
  return estimator.check(password).score < MINIMUM_SCORE ? EASY_PASSWORD : undefined;
}

/**
 * Refuses a new password that is among the most common ones or too easy to guess, with the message
 * under its field. Checked on the server only: the list and the estimator are too heavy for the web app's bundle.
 */
export function refuseWeakPassword(password: string | undefined, field: string) {
  const message = password === undefined ? undefined : weakPasswordMessage(password);
  if (message) throw badRequest(message, { [field]: message });
}
