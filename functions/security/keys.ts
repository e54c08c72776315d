import type { Key } from '../db/keys';

/** The key of a token that arrived by mail (docs/data-model.md, Mail tokens). */
export const securityKeys = {
  /** A token that arrived by mail, found by the SHA-256 of the token: the token itself is never stored. */
  mailToken: (tokenHash: string): Key => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' }),
} as const;
