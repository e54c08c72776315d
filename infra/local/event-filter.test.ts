import { describe, expect, it } from 'vitest';
import { AUTOMATIONS_CONSUMER } from '../../functions/automations/bus-rule';
import { PIPE_FILTERS } from '../../functions/events/bus';
import { OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { FAN_OUT_CONSUMER } from '../../functions/notifications/bus-rule';
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

describe("the change bus's Pipe filters and the fan-out's rule", () => {
  const passes = (eventName: string, type: string | undefined) =>
    PIPE_FILTERS.some((pattern) => matchesFilter(pattern, record(eventName, type))) &&
    FAN_OUT_CONSUMER.patterns.some((pattern) => matchesFilter(pattern as never, record(eventName, type)));

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

describe("the automations' rule on the change bus", () => {
  const event = (changeKind: string | undefined) => ({
    eventName: 'INSERT',
    dynamodb: { NewImage: { type: { S: 'EVENT' }, ...(changeKind ? { changeKind: { S: changeKind } } : {}) } },
  });
  const passes = (value: object) => AUTOMATIONS_CONSUMER.patterns.some((pattern) => matchesFilter(pattern as never, value));

  it('passes change events that say what happened', () => {
    expect(passes(event('project.updated'))).toBe(true);
    expect(passes(event('comment.created'))).toBe(true);
  });

  it('drops events that only notify or count (a profile renewed, a member removed) and project records', () => {
    expect(passes(event(undefined))).toBe(false);
    expect(passes(record('MODIFY', 'PROJECT'))).toBe(false);
  });
});
