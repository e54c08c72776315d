import Bowser from 'bowser';

/** A person-readable device for a User-Agent: 'Chrome 131 on Linux', 'Safari on iOS', or 'Unknown device'. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : undefined;
  if (name && os.name) return `${name} on ${os.name}`;
  return name ?? os.name ?? 'Unknown device';
}
