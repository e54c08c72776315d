import { type Key, keyOf } from '../db/keys';
import type { AttemptWindowItem } from './throttles';

/** The keys of the throttles' counters (docs/data-model.md, Throttles). */
export const throttleKeys = {
  /** One counter per rule, subject (an email, a client address) and fixed time window of the rule. */
  attemptWindow: (rule: string, subject: string, window: number) =>
    keyOf<AttemptWindowItem>(`ATTEMPTS#${rule}#${subject}#${window}`, 'ATTEMPTS'),
  /** A fixed-window request counter: `name` names the rule, `subject` whom it counts (an address, a client, a user). */
  throttle: (name: string, subject: string): Key => ({ PK: `THROTTLE#${name}#${subject.trim().toLowerCase()}`, SK: 'THROTTLE' }),
} as const;
