import { describe, expect, it } from 'vitest';
import { OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { FAN_OUT_STREAM_FILTERS } from '../../functions/notifications/stream-filter';
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

describe("the fan-out's stream filters", () => {
  const passes = (eventName: string, type: string | undefined) =>
    FAN_OUT_STREAM_FILTERS.some((pattern) => matchesFilter(pattern, record(eventName, type)));

  it('pass new notification events and changes of projects (their status moves: docs/decisions/067)', () => {
    expect(passes('INSERT', 'EVENT')).toBe(true);
    expect(passes('MODIFY', 'PROJECT')).toBe(true);
  });

  it('drop new projects (their event counts them), the marks on events, other entities and deletes', () => {
    expect(passes('INSERT', 'PROJECT')).toBe(false);
    expect(passes('MODIFY', 'EVENT')).toBe(false);
    expect(passes('MODIFY', 'USER')).toBe(false);
    expect(passes('REMOVE', undefined)).toBe(false);
  });
});
