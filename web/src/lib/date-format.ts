import { formatDistanceToNow, formatISO, isValid, parseISO } from 'date-fns';

/**
 * Every date the web app shows, in the formats of the spec ('MMM d, yyyy' and 'MMMM d, yyyy') and
 * the few the screens add around them. Strings are ISO: a day ('2025-01-05') is that day wherever
 * the browser is, a timestamp is shown in the browser's time zone.
 */
type DateInput = string | Date | null | undefined;

const toDate = (value: DateInput): Date | undefined => {
  if (value === null || value === undefined) return undefined;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : undefined;
};

/**
 * An Intl formatter made on its first use: making one loads the locale's data, about 20 ms a
 * formatter on a slow laptop, and a page uses one or two of these (they were made with this module,
 * a sixth of the main thread's work before /projects drew its first row, issue 36).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

// The spec's patterns in Intl's en-US words: 'MMM d, yyyy' is the medium date, 'MMMM d, yyyy' the long one.
const SHORT = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const LONG = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }));
const MONTH_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const WITH_SECONDS = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }));
const WITH_MINUTES = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

const formatted = (value: DateInput, format: () => Intl.DateTimeFormat, fallback: string) => {
  const date = toDate(value);
  return date ? format().format(date) : fallback;
};

/** 'Jan 5, 2025' (lists, cards, activity); `fallback` when there is no valid date. */
export const shortDate = (value: DateInput, fallback = '—') => formatted(value, SHORT, fallback);

/** 'January 5, 2025' (a project's page, billing, the legal pages). */
export const longDate = (value: DateInput, fallback = '') => formatted(value, LONG, fallback);

/** 'Jan 5' (a chart's axis). */
export const monthDay = (value: DateInput) => formatted(value, MONTH_DAY, '');

/** 'Jan 5, 2025, 3:04:05 PM', or without the seconds: when something happened, to the second if it matters. */
export const dateTime = (value: DateInput, { seconds = true } = {}) =>
  formatted(value, seconds ? WITH_SECONDS : WITH_MINUTES, '');

/** '2025-01-05', the form and API format of a day (due dates compare as text in it): the local day. */
export const isoDay = (date: Date = new Date()) => formatISO(date, { representation: 'date' });

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

/** The activity feeds' time: '5 minutes ago', '2 days ago'; under a minute is 'just now'. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative().format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The notifications' time, in date-fns' words: 'less than a minute ago', 'about 2 hours ago'. */
export const distanceAgo = (value: DateInput) => {
  const date = toDate(value);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When something stops working (an invitation's link), in whole days counted down ('in 6 days' right
 * after it was sent for 7), then hours. Rounded down, so it never promises more time than is left.
 */
export function expiresIn(iso: string, now: Date = new Date()): string {
  const left = Date.parse(iso) - now.getTime();
  if (left >= DAY_MS) return relative().format(Math.floor(left / DAY_MS), 'day');
  if (left >= HOUR_MS) return relative().format(Math.floor(left / HOUR_MS), 'hour');
  return 'in less than an hour';
}
