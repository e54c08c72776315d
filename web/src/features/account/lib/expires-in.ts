const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * When an invitation's link stops working, in whole days counted down ('in 6 days' right after it
 * was sent for 7), then hours. Rounded down, so it never promises more time than is left.
 */
export function expiresIn(iso: string, now: Date = new Date()): string {
  const left = Date.parse(iso) - now.getTime();
  if (left >= DAY) return formatter.format(Math.floor(left / DAY), 'day');
  if (left >= HOUR) return formatter.format(Math.floor(left / HOUR), 'hour');
  return 'in less than an hour';
}
