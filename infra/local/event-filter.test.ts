import { describe, expect, it } from 'vitest';
import { OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { matchesFilter } from './event-filter';

const record = (eventName: string, type: string | undefined) => ({
  eventName,
  dynamodb: { NewImage: type === undefined ? undefined : { type: { S: type }, PK: { S: 'X' } } },
});

describe('the outbox stream filter', () => {
  it('passes new outbox items', () => {
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('INSERT', 'OUTBOX'))).toBe(true);
  });

  it('drops updates of outbox items (the mailer marking one sent), other entities and deletes', () => {
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('MODIFY', 'OUTBOX'))).toBe(false);
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('INSERT', 'USER'))).toBe(false);
    expect(matchesFilter(OUTBOX_STREAM_FILTER, record('REMOVE', undefined))).toBe(false);
  });
});
