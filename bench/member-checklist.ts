import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { chromium } from '@playwright/test';
import { localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { seedOrganization } from '../infra/local/seed';
import { WEB_DIST, buildWebIfStale } from '../infra/local/web-build';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { startBenchCloud } from './cloud';
import { median, round1 } from './stats';

/**
 * `npm run bench:members` (`-- --runs 7`): the Manage Project Members dialog on a project of 500
 * members in an organization of 5,000 people (issue 37, item 2; decision 066), in Chromium on a
 * fresh in-memory local cloud: the time from the click on 'Manage Members' to the checklist's first
 * rows drawn, and from the last key of a search to its answer drawn. Both are read inside the page
 * (performance.now(), on the frame after the DOM has them), so Playwright's round trips do not count.
 */

export interface MemberChecklistFigures {
  people: number;
  members: number;
  /** The click on 'Manage Members' → the first checklist row laid out and drawn, each run (the first on a cold page). */
  openMs: number[];
  openP50: number;
  /** Rows in the DOM once open (all of them before decision 066). */
  rowsDrawn: number;
  /** The last key typed into 'Search people' → the checklist no longer busy and showing the person, each run. */
  searchMs: number[];
  searchP50: number;
}

export async function measureMemberChecklist(options: {
  baseUrl: string;
  email: string;
  password: string;
  searchFor: string[];
  people: number;
  members: number;
  runs: number;
  log?: (message: string) => void;
}): Promise<MemberChecklistFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  try {
    const context = await browser.newContext({ baseURL: options.baseUrl, viewport: { width: 1366, height: 850 } });
    const login = await context.request.post('/api/login', { data: { username: options.email, password: options.password } });
    if (!login.ok()) throw new Error(`sign-in as ${options.email} answered ${login.status()}: ${await login.text()}`);
    const openMs: number[] = [];
    const searchMs: number[] = [];
    let rowsDrawn = 0;
    for (let run = 0; run < options.runs; run += 1) {
      const page = await context.newPage();
      await page.goto('/projects');
      const manage = page.getByRole('button', { name: /^Manage Members of / }).first();
      await manage.waitFor();
      await page.evaluate(watchOpening);
      await manage.click();
      openMs.push(round1(await page.evaluate<number>('window.checklistDrawn')));
      rowsDrawn = await page.getByTestId('member-checklist').getByRole('checkbox').count();

      const name = options.searchFor[run % options.searchFor.length]!;
      const search = page.getByRole('searchbox', { name: 'Search people' });
      await page.evaluate(watchSearch(name));
      await search.pressSequentially(name.toLowerCase(), { delay: 60 });
      searchMs.push(round1(await page.evaluate<number>('window.searchDrawn')));
      await page.close();
      options.log?.(
        `run ${run + 1}: opened in ${openMs.at(-1)} ms (${rowsDrawn} rows drawn), '${name}' found in ${searchMs.at(-1)} ms`,
      );
    }
    return {
      people: options.people,
      members: options.members,
      openMs,
      openP50: median(openMs),
      rowsDrawn,
      searchMs,
      searchP50: median(searchMs),
    };
  } finally {
    await browser.close();
  }
}

/** In the page before the click: window.checklistDrawn resolves with the time from the click to the frame after the first row is laid out. */
const watchOpening = `(() => {
  let clicked = 0;
  document.addEventListener('click', () => { clicked = performance.now(); }, { capture: true, once: true });
  window.checklistDrawn = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('the checklist was not drawn within 60 s of the click')), 60000);
    const check = () => {
      const row = document.querySelector('[data-testid="member-checklist"] [role="checkbox"]');
      if (clicked > 0 && row && row.offsetParent !== null) requestAnimationFrame(() => resolve(performance.now() - clicked));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})()`;

/** Before typing `name`: window.searchDrawn resolves with the time from the last keydown to the frame where the checklist, not busy, shows the person. */
const watchSearch = (name: string) => `(() => {
  const name = ${JSON.stringify(name)};
  let lastKey = 0;
  document.addEventListener('keydown', () => { lastKey = performance.now(); }, true);
  window.searchDrawn = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('the search for ' + name + ' was not drawn within 60 s')), 60000);
    const check = () => {
      const list = document.querySelector('[data-testid="member-checklist"]');
      const labels = [...(list?.querySelectorAll('label') ?? [])].map((label) => label.textContent ?? '');
      const typedAll = document.querySelector('[role="dialog"] input[type="search"]')?.value === name.toLowerCase();
      if (lastKey > 0 && typedAll && list?.getAttribute('aria-busy') !== 'true' && labels.some((text) => text.includes(name))) requestAnimationFrame(() => resolve(performance.now() - lastKey));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})()`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      people: { type: 'string', default: '5000' },
      members: { type: 'string', default: '500' },
    },
  });
  const people = Number(values.people);
  const members = Number(values.members);
  const started = performance.now();
  const log = (message: string) => console.log(`[bench:members ${Math.round((performance.now() - started) / 1000)}s] ${message}`);
  log(`web app: ${await buildWebIfStale()}`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-bench-members-'));
  const port = await freePort();
  const cloud = await startBenchCloud({
    port,
    buildDir: path.join(work, 'functions'),
    webRoot: WEB_DIST,
    env: { SESSION_SECRET: randomBytes(32).toString('hex'), MFA_ENCRYPTION_SECRET: randomBytes(32).toString('hex') },
  });
  const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  try {
    log(`seeding ${people} people, one project of ${members} members`);
    const org = await seedOrganization(db, cloud.tableName, {
      label: 'bench-members',
      projects: 1,
      membersPerProject: members,
      staff: people - 1,
      notificationsPerUser: 0,
      notifiedUsers: 0,
      realistic: { descriptionLength: 200 },
      password: 'bench-password',
    });
    log(`seeded ${org.items} items; measuring in Chromium`);
    // Members among the last chosen (beyond the first page of people) and people who are not members.
    const searchFor = [org.staff[members - 10]!, org.staff[people - 20]!, org.staff[members / 2]!].map((user) => user.fullName);
    const figures = await measureMemberChecklist({
      baseUrl: `http://localhost:${port}`,
      email: org.admin.email,
      password: 'bench-password',
      searchFor,
      people,
      members,
      runs: Number(values.runs),
      log,
    });
    console.log(JSON.stringify({ ...figures, loadAverageAtEnd: os.loadavg().map(round1) }, null, 2));
  } finally {
    db.destroy();
    await cloud.stop();
    await rm(work, { recursive: true, force: true });
  }
}
