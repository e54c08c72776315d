import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Page, chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { CLIENT_ADDRESS_HEADER } from './client-addresses';
import { SetUpError } from './set-up-checks';
import { median, round1 } from './stats';

/**
 * The browser's side of a large organization (issue 36): in Chromium, the time from navigating to
 * /projects to its first rows drawn, and from the last key typed in Cmd/Ctrl+K to that query's
 * results drawn. Both are read inside the page (performance.now(), on the frame after the DOM has
 * them), so Playwright's own round trips do not count. Used by `npm run bench` on its seeded
 * organizations, and on its own against a running stack:
 *   npx tsx bench/browser-scale.ts --base http://localhost:3000 --email admin@x.example.com --password …
 */

export interface BrowserScaleFigures {
  organization: string;
  /** Navigation start → the first project row laid out and drawn, each run (the first with the profile's caches empty). */
  firstRowsMs: number[];
  firstRowsP50: number;
  /** Where the first-rows time goes: each milestone's p50, ms since navigation start (see `readFirstRowPhases`). */
  firstRowPhasesP50: FirstRowPhases;
  /** The last keydown in the palette → the results of that query drawn, each query. */
  paletteMs: number[];
  paletteP50: number;
  queries: string[];
}

/** Milestones of a navigation to /projects, ms since its start, from the page's Resource Timing entries. */
export interface FirstRowPhases {
  /** The HTML's last byte. */
  documentEnd: number;
  /** The last script or module preload's last byte (the page's code is all there). */
  scriptsEnd: number;
  /** The project list's first request sent, and its answer's last byte. */
  projectsStart: number;
  projectsEnd: number;
  /** The first row drawn (the figure the budget judges). */
  firstRow: number;
}

export interface BrowserScaleOptions {
  baseUrl: string;
  email: string;
  password: string;
  organization: string;
  /** Navigations to /projects (the first is a cold browser cache). */
  runs?: number;
  /** What is typed into the palette, one query a run. */
  queries?: string[];
  /** Delay between keystrokes, as a quick typist types. */
  keyDelayMs?: number;
  /** The browser's client address, named on its every request (bench/client-addresses.ts); its socket's when absent. */
  address?: string;
}

/** Words of the names the seed writes (infra/local/seed.ts): each query finds projects. */
export const DEFAULT_QUERIES = ['spring', 'newsletter rev', 'referral', 'webinar ser', 'seo', 'brand', 'onboarding em'];

export async function measureBrowserScale({
  baseUrl,
  email,
  password,
  organization,
  runs = 7,
  queries = DEFAULT_QUERIES,
  keyDelayMs = 60,
  address,
}: BrowserScaleOptions): Promise<BrowserScaleFigures> {
  // A profile on disk, as every user's browser has: an in-memory one keeps no compiled code between
  // tabs (V8's code cache), so each new tab compiled the app's scripts again, about 500 ms a tab on
  // this machine that no returning user pays (docs/decisions/079). The first run still starts empty.
  const profile = await mkdtemp(path.join(tmpdir(), 'growthwise-browser-scale-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL: baseUrl,
    viewport: { width: 1366, height: 850 },
    ...(address ? { extraHTTPHeaders: { [CLIENT_ADDRESS_HEADER]: address } } : {}),
  });
  try {
    const login = await context.request.post('/api/login', { data: { username: email, password } });
    const answer = await login.text();
    // A 200 without a session (an emailed code asked for) would leave every page signed out.
    if (!login.ok() || answer.includes('emailCodeRequired'))
      throw new SetUpError(`the browser's sign-in as ${email} answered ${login.status()}: ${answer.slice(0, 200)}`);
    await context.addInitScript({ content: recordFirstRow });

    const firstRowsMs: number[] = [];
    const phases: FirstRowPhases[] = [];
    let page: Page | undefined;
    for (let run = 0; run < runs; run += 1) {
      await page?.close();
      page = await context.newPage();
      await page.goto('/projects', { waitUntil: 'commit' });
      const firstRow = round1(await page.evaluate<number>('window.firstRowDrawn'));
      firstRowsMs.push(firstRow);
      phases.push({ ...(await page.evaluate<Omit<FirstRowPhases, 'firstRow'>>(readFirstRowPhases)), firstRow });
    }
    const firstRowPhasesP50 = Object.fromEntries(
      Object.keys(phases[0]!).map((name) => [name, median(phases.map((run) => run[name as keyof FirstRowPhases]))]),
    ) as unknown as FirstRowPhases;

    const paletteMs: number[] = [];
    for (const query of queries) {
      await page!.keyboard.press('Control+k');
      const input = page!.getByPlaceholder('Search projects by name...');
      await input.waitFor();
      await page!.evaluate(watchPalette);
      await input.pressSequentially(query, { delay: keyDelayMs });
      paletteMs.push(round1(await page!.evaluate<number>('window.paletteDrawn')));
      await page!.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden' });
    }
    return {
      organization,
      firstRowsMs,
      firstRowsP50: median(firstRowsMs),
      firstRowPhasesP50,
      paletteMs,
      paletteP50: median(paletteMs),
      queries,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * In the page before its scripts (text: the bench is type-checked without the DOM's types):
 * window.firstRowDrawn resolves with the time since navigation start of the frame after the first
 * project row (table or card, whichever is shown) is laid out.
 */
const recordFirstRow = `
  window.firstRowDrawn = new Promise((resolve) => {
    const check = () => {
      const rows = document.querySelectorAll('[data-project-id]');
      if ([...rows].some((row) => row.offsetParent !== null)) requestAnimationFrame(() => resolve(performance.now()));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });`;

/** The page's milestones before its first row (text, as recordFirstRow): what the first-rows time is made of. */
const readFirstRowPhases = `(() => {
  const round = (ms) => Math.round(ms * 10) / 10;
  const resources = performance.getEntriesByType('resource');
  const projects = resources.find((entry) => /\\/api\\/projects(\\?|$)/.test(entry.name));
  const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.initiatorType === 'link');
  return {
    documentEnd: round(performance.getEntriesByType('navigation')[0].responseEnd),
    scriptsEnd: round(Math.max(0, ...scripts.map((entry) => entry.responseEnd))),
    projectsStart: round(projects ? projects.startTime : -1),
    projectsEnd: round(projects ? projects.responseEnd : -1),
  };
})()`;

/**
 * Before typing into the open palette: window.paletteDrawn resolves with the time from the last
 * keydown to the frame where the palette, no longer busy with that query (aria-busy, set from the
 * keystroke until its answer is drawn), shows results or 'No projects found.'.
 */
const watchPalette = `(() => {
  let lastKey = 0;
  let busySince = false;
  document.addEventListener('keydown', () => { lastKey = performance.now(); busySince = false; }, true);
  window.paletteDrawn = new Promise((resolve) => {
    const check = () => {
      const list = document.querySelector('[cmdk-list]');
      const busy = list?.getAttribute('aria-busy') === 'true';
      if (busy) busySince = true;
      const shown = list !== null && (list.querySelector('[cmdk-item]') !== null || list.textContent.includes('No projects found.'));
      if (lastKey > 0 && busySince && !busy && shown) resolve(performance.now() - lastKey);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})()`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://localhost:3000' },
      email: { type: 'string' },
      password: { type: 'string' },
      runs: { type: 'string', default: '7' },
      label: { type: 'string', default: 'seeded organization' },
    },
  });
  if (!values.email || !values.password)
    throw new Error('--email and --password of a user of the organization to measure are needed');
  const figures = await measureBrowserScale({
    baseUrl: values.base,
    email: values.email,
    password: values.password,
    organization: values.label,
    runs: Number(values.runs),
  });
  console.log(JSON.stringify(figures, null, 2));
}
