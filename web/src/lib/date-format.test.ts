import { describe, expect, it, vi } from 'vitest';
import { dateTime, distanceAgo, expiresIn, isoDay, longDate, monthDay, relativeTime, shortDate } from './date-format';

// Newer ICU versions put a narrow no-break space before AM/PM.
const NARROW_SPACE = /\u202f/g;

describe('the spec formats', () => {
  it("shows a day as 'MMM d, yyyy' and 'MMMM d, yyyy', the same day wherever the browser is", () => {
    expect(shortDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(longDate('2025-01-05')).toBe('January 5, 2025');
    expect(monthDay('2025-12-31')).toBe('Dec 31');
  });

  it('shows a timestamp in the browser’s time zone', () => {
    const local = new Date(2026, 8, 30, 15, 4, 5);
    expect(shortDate(local.toISOString())).toBe('Sep 30, 2026');
    expect(longDate(local)).toBe('September 30, 2026');
    expect(dateTime(local.toISOString()).replace(NARROW_SPACE, ' ')).toBe('Sep 30, 2026, 3:04:05 PM');
    expect(dateTime(local, { seconds: false }).replace(NARROW_SPACE, ' ')).toBe('Sep 30, 2026, 3:04 PM');
  });

  it('gives the fallback for no date or a value that is not one', () => {
    expect(shortDate(null)).toBe('—');
    expect(shortDate('soon', 'soon')).toBe('soon');
    expect(longDate('2025-13-45', 'Invalid date')).toBe('Invalid date');
    expect(dateTime(undefined)).toBe('');
  });

  it("writes a day as the API's 'yyyy-MM-dd'", () => {
    expect(isoDay(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('relativeTime (activity feeds)', () => {
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

describe('distanceAgo (notifications)', () => {
  it("says date-fns' words, and nothing for a value that is not a date", () => {
    expect(distanceAgo(new Date(Date.now() - 10_000).toISOString())).toBe('less than a minute ago');
    expect(distanceAgo(new Date(Date.now() - 2 * 3600_000))).toBe('about 2 hours ago');
    expect(distanceAgo('never')).toBe('');
  });
});

describe('expiresIn (invitations)', () => {
  const now = new Date('2025-03-12T06:00:00.000Z');
  const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const HOUR = 3600 * 1000;

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

describe('the formatters', () => {
  it('are made when a date is first shown, one per format, not when a page loads the module', async () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Original;
    try {
      vi.resetModules();
      const fresh = await import('./date-format');
      expect(made).toBe(0);
      expect(fresh.shortDate('2025-01-05')).toBe('Jan 5, 2025');
      expect(fresh.shortDate('2025-02-06')).toBe('Feb 6, 2025');
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
