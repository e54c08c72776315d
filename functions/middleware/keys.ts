import type { Key } from '../db/keys';

/** The key of an Idempotency-Key's record (docs/data-model.md, Idempotency). */
export const middlewareKeys = {
  /**
   * The record of one Idempotency-Key (functions/middleware/idempotency.ts), named by Powertools'
   * hash of the route, organization, user and key: a partition per key, so no organization's
   * creations meet on one item, and no tenant can name another's.
   */
  idempotencyRecord: (hashedKey: string): Key => ({ PK: `IDEMPOTENCY#${hashedKey}`, SK: 'IDEMPOTENCY' }),
} as const;
