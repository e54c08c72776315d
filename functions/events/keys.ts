import type { Key } from '../db/keys';

/** The key of a change event (docs/data-model.md, Notifications). */
export const eventKeys = {
  /**
   * One change, fanned out from the table stream (functions/notifications/fan-out.ts); its own
   * partition, so events spread across partitions and the stream filter is one type.
   */
  changeEvent: (eventId: string): Key => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' }),
} as const;
