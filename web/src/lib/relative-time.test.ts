import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = new Date('2025-03-12T12:00:00Z');
  it.each([
    ['2025-03-12T11:59:30Z', 'just now'],
    ['2025-03-12T11:55:00Z', '5 minutes ago'],
    ['2025-03-12T11:00:00Z', '1 hour ago'],
    ['2025-03-10T12:00:00Z', '2 days ago'],
    ['2025-02-12T12:00:00Z', '4 weeks ago'],
    ['2024-03-01T12:00:00Z', '1 year ago'],
  ])('%s is %s', (iso, expected) => expect(relativeTime(iso, now)).toBe(expected));
});
