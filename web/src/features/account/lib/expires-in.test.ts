import { describe, expect, it } from 'vitest';
import { expiresIn } from './expires-in';

const now = new Date('2025-03-12T06:00:00.000Z');
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3600 * 1000;

describe('expiresIn', () => {
  it('counts whole days down: a fresh 7-day invitation has 6 full days left', () => {
    expect(expiresIn(after(7 * 24 * HOUR - 500), now)).toBe('in 6 days');
    expect(expiresIn(after(7 * 24 * HOUR), now)).toBe('in 7 days');
    expect(expiresIn(after(36 * HOUR), now)).toBe('in 1 day');
  });

  it('counts hours in the last day, and says less than an hour at the end', () => {
    expect(expiresIn(after(23 * HOUR + 59 * 60 * 1000), now)).toBe('in 23 hours');
    expect(expiresIn(after(HOUR), now)).toBe('in 1 hour');
    expect(expiresIn(after(59 * 60 * 1000), now)).toBe('in less than an hour');
  });
});
