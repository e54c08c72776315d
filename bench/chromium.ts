/** The machine's Chromium: the bench never downloads a browser. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium's connections are refused by this closed network, many at a time. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
