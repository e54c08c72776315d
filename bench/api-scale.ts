import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { type SeededOrganization, seedOrganization } from '../infra/local/seed';
import { signIn } from './api-client';
import { type BenchMode, BENCH_SIZES } from './bench-size';
import { type BrowserScaleFigures, measureBrowserScale } from './browser-scale';
import { fromAddress, phaseAddresses } from './client-addresses';
import { startBenchCloud } from './cloud';
import { type ProvisioningFigures, measureProvisioning } from './provisioning-scale';
import { assertNoRefusals } from './set-up-checks';
import { percentile, round1 } from './stats';
import { benchWebhookSecret } from './stripe-deliveries';
import { buildWebWithManifest } from './web-size';

/**
 * `npm run bench -- --scale` (and the full `npm run bench`): the read routes of one organization of
 * 5,000 users and 50,000 projects (realistic names, 300-character descriptions) beside the same
 * routes of a 10-project organization (the issue's reference) and of a 150-project, 150-user one
 * whose lists fill the same pages with the same realistic items, with 200 small organizations around
 * them in the table (issue 36). Per route: p50 and p95 (requests to the three organizations
 * interleaved, one at a time), response bytes, DynamoDB calls and read units (the emulator's
 * x-db-calls and x-db-read-units). Budgets: p50 at 50,000 ≤ 1.3 × the comparison organization's (a
 * list: the full-page one, since a page of 10 short projects serializes a twentieth of a page of 100
 * with descriptions; the dashboard and a project's detail: the 10-project one); a list answer ≤ 100 KB.
 * Then, on the same seeded table, the browser's figures at 50,000 (bench/browser-scale.ts).
 * Written to bench/results/api-scale.json.
 */

const PASSWORD = 'bench-password';
/** Projects and users of the full-page organization: a first page of 100 and a second of 50 of each. */
const FULL_PAGE_SIZE = 150;
/** bench/browser-scale.ts's budgets (issue 36): first rows after navigation, palette results after the last key. */
const FIRST_ROWS_BUDGET_MS = 1_500;
const PALETTE_BUDGET_MS = 300;
const P50_RATIO_MAX = 1.3;
const LIST_BYTES_MAX = 100 * 1024;

interface Measured {
  path: string;
  status: number;
  items: number | undefined;
  bytes: number;
  dbCalls: number;
  readUnits: number;
  p50: number;
  p95: number;
}

export interface ApiScaleFigure {
  case: string;
  list: boolean;
  large: Measured;
  /** The 10-project organization (the issue's literal reference). */
  small: Measured;
  /** The 150-project, 150-user organization: the same full pages of the same realistic items. */
  fullPage: Measured;
  /** A search's only: the 1,500-project, 1,500-user organization, searched by the same word index. */
  wordSearch?: Measured;
  /** Large p50 ÷ the 10-project organization's. */
  p50Ratio: number;
  /** Large p50 ÷ the full-page organization's. */
  p50RatioFullPage: number;
  /** Large p50 ÷ the word-search organization's (searches only). */
  p50RatioWordSearch?: number;
  /**
   * Which ratio the verdict uses: a search against the word-search organization (the same Queries
   * and page), another list against full pages, the rest against the 10-project organization.
   */
  judgedAgainst: 'wordSearch' | 'fullPage' | 'small';
  withinBudget: boolean;
}

export interface ApiScaleResults {
  startedAt: string;
  quick: boolean;
  seedSeconds: number;
  sizes: {
    projects: number;
    users: number;
    smallOrganizations: number;
    fullPage: { projects: number; users: number };
    wordSearch: { projects: number; users: number };
  };
  figures: ApiScaleFigure[];
  /** A SCIM full sync of the large organization beside the small one, and a removal on 500 projects beside 5 (issue 62). */
  provisioning?: ProvisioningFigures;
  allWithinBudget: boolean;
  /** The browser on the same table, signed in to the large organization. */
  browser?: BrowserScaleFigures & { firstRowsBudgetMs: number; paletteBudgetMs: number; withinBudget: boolean };
  /** The machine's 1-minute load average when the API figures began and when they ended, and around the browser's. */
  loadAverage: { api: [number, number]; browser?: [number, number] };
}

interface Case {
  name: string;
  /** A list route (its answer held to LIST_BYTES_MAX). */
  list: boolean;
  /** A search: judged against the word-search organization. */
  search?: true;
  /** POST for a route that writes (the assistant's summary counts against the daily allowance: 60 samples stay below it). */
  method?: 'POST';
  path: (org: Org) => Promise<string> | string;
}

interface Org {
  seeded: SeededOrganization;
  /** The session cookie and the client address of this organization's admin. */
  headers: Record<string, string>;
  base: string;
}

/** Follows `Link: <…>; rel="next"` `pages` times from `first` and answers that page's path. */
async function pageAfter(org: Org, first: string, pages: number): Promise<string> {
  let next = first;
  for (let page = 0; page < pages; page += 1) {
    const response = await fetch(`${org.base}${next}`, { headers: org.headers });
    await response.arrayBuffer();
    const link = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
    if (!link) return next;
    next = link;
  }
  return next;
}

const CASES: Case[] = [
  { name: 'GET /api/projects (first page)', list: true, path: () => '/api/projects' },
  // 20,000 projects in (100 pages of 200), then a page of the default 100; the full-page organization's projects 51–150; the small organization's second page of 5.
  {
    name: 'GET /api/projects (a deep page)',
    list: true,
    path: async (org) => {
      const count = org.seeded.projectIds.length;
      const [first, pages] =
        count > 1_000
          ? ['/api/projects?limit=200', 100]
          : count >= FULL_PAGE_SIZE
            ? ['/api/projects?limit=50', 1]
            : ['/api/projects?limit=5', 1];
      return (await pageAfter(org, first, pages)).replace(/limit=\d+/, 'limit=100');
    },
  },
  { name: 'GET /api/projects?sort=name', list: true, path: () => '/api/projects?sort=name' },
  { name: 'GET /api/projects?sort=dueDate', list: true, path: () => '/api/projects?sort=dueDate' },
  { name: 'GET /api/projects?sort=status&order=desc', list: true, path: () => '/api/projects?sort=status&order=desc' },
  // Filtered views (issue 62, decision 104): key ranges whatever the organization's size ('My projects': the admin's memberships as the seed deals them).
  { name: "GET /api/projects?member=me ('My projects')", list: true, path: () => '/api/projects?member=me' },
  {
    name: "GET /api/projects?member=me&sort=name ('My projects' by name)",
    list: true,
    path: () => '/api/projects?member=me&sort=name',
  },
  { name: 'GET /api/projects?status=in_progress', list: true, path: () => '/api/projects?status=in_progress' },
  { name: 'GET /api/projects?overdue=true&sort=dueDate', list: true, path: () => '/api/projects?overdue=true&sort=dueDate' },
  { name: 'GET /api/projects?q=launch', list: true, search: true, path: () => '/api/projects?q=launch' },
  // The palette's own request (PROJECT_SEARCH_RESULTS).
  { name: 'GET /api/projects?q=launch&limit=20', list: true, search: true, path: () => '/api/projects?q=launch&limit=20' },
  { name: 'GET /api/dashboard', list: false, path: () => '/api/dashboard' },
  { name: 'GET /api/organization/users (first page)', list: true, path: () => '/api/organization/users' },
  { name: 'GET /api/organization/users?sort=name', list: true, path: () => '/api/organization/users?sort=name' },
  { name: 'GET /api/organization-users?q=staff1', list: true, search: true, path: () => '/api/organization-users?q=staff1' },
  {
    name: 'GET /api/projects/{id}',
    list: false,
    path: (org) => `/api/projects/${middleProject(org)}`,
  },
  // Issue 67: rules over bounded index reads (docs/decisions/116), and a summary with the local provider.
  { name: 'GET /api/dashboard/recommendations', list: false, path: () => '/api/dashboard/recommendations' },
  {
    name: 'POST /api/projects/{id}/summary (local provider)',
    list: false,
    method: 'POST',
    path: (org) => `/api/projects/${middleProject(org)}/summary`,
  },
];

function middleProject(org: Org): string {
  return org.seeded.projectIds[Math.floor(org.seeded.projectIds.length / 2)]!;
}

async function timed(org: Org, route: string, method: 'GET' | 'POST' = 'GET') {
  const started = performance.now();
  const response = await fetch(`${org.base}${route}`, { method, headers: org.headers });
  const body = await response.arrayBuffer();
  return {
    ms: performance.now() - started,
    status: response.status,
    bytes: body.byteLength,
    dbCalls: Number(response.headers.get('x-db-calls') ?? Number.NaN),
    readUnits: Number(response.headers.get('x-db-read-units') ?? Number.NaN),
    body,
  };
}

function itemsOf(body: ArrayBuffer): number | undefined {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as unknown;
    if (Array.isArray(parsed)) return parsed.length;
    const members = (parsed as { members?: unknown[] }).members;
    return Array.isArray(members) ? members.length : undefined;
  } catch {
    return undefined;
  }
}

/** One case: a probe of each organization (the word-search one for a search only), then `samples` requests to each, interleaved. */
async function measureCase(
  entry: Case,
  allOrgs: readonly [large: Org, small: Org, fullPage: Org, wordSearch: Org],
  samples: number,
): Promise<ApiScaleFigure> {
  const orgs = entry.search ? allOrgs : allOrgs.slice(0, 3);
  const paths = await Promise.all(orgs.map((org) => entry.path(org)));
  const probes: Awaited<ReturnType<typeof timed>>[] = [];
  for (const [index, org] of orgs.entries()) probes.push(await timed(org, paths[index]!, entry.method));
  assertNoRefusals(entry.name, Object.fromEntries(probes.map((probe) => [probe.status, 1])));
  // A route that fails at this size (the dashboard reading every project) is reported as failed, not timed.
  const failed = probes.some((probe) => probe.status !== 200);
  const times: number[][] = orgs.map(() => []);
  for (let sample = 0; sample < (failed ? 0 : samples); sample += 1) {
    // Rotating which goes first, so none always runs after another.
    for (let turn = 0; turn < orgs.length; turn += 1) {
      const index = (sample + turn) % orgs.length;
      times[index]!.push((await timed(orgs[index]!, paths[index]!, entry.method)).ms);
    }
  }
  const measured = (index: number): Measured => ({
    path: paths[index]!,
    status: probes[index]!.status,
    items: itemsOf(probes[index]!.body),
    bytes: probes[index]!.bytes,
    dbCalls: probes[index]!.dbCalls,
    readUnits: round1(probes[index]!.readUnits),
    p50: percentile(times[index]!, 50),
    p95: percentile(times[index]!, 95),
  });
  const [big, little, fullPage] = [measured(0), measured(1), measured(2)];
  const wordSearch = entry.search ? measured(3) : undefined;
  const ratio = (to: Measured) => Math.round((big.p50 / to.p50) * 100) / 100;
  const judgedAgainst = wordSearch ? 'wordSearch' : entry.list ? 'fullPage' : 'small';
  const reference = wordSearch ?? (judgedAgainst === 'fullPage' ? fullPage : little);
  const bytesWithin =
    !entry.list ||
    [big, little, fullPage, ...(wordSearch ? [wordSearch] : [])].every((measure) => measure.bytes <= LIST_BYTES_MAX);
  return {
    case: entry.name,
    list: entry.list,
    large: big,
    small: little,
    fullPage,
    ...(wordSearch ? { wordSearch, p50RatioWordSearch: ratio(wordSearch) } : {}),
    p50Ratio: ratio(little),
    p50RatioFullPage: ratio(fullPage),
    judgedAgainst,
    withinBudget: !failed && big.p50 <= P50_RATIO_MAX * reference.p50 && bytesWithin,
  };
}

/** `resultsDir`: where api-scale.json goes. */
export async function runApiScaleBench(options: {
  mode: BenchMode;
  log: (message: string) => void;
  resultsDir: string;
}): Promise<ApiScaleResults> {
  const { mode, log } = options;
  const quick = mode !== 'full';
  const size = BENCH_SIZES[mode];
  const fullPage = { projects: FULL_PAGE_SIZE, users: FULL_PAGE_SIZE };
  const { samples, wordSearch: wordSearchSize, ...large } = size.apiScale;
  const wordSearch = { projects: wordSearchSize, users: wordSearchSize };
  const sizes = { ...large, fullPage, wordSearch };
  const startedAt = new Date().toISOString();
  const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-api-scale-'));
  const port = await freePort();
  const webRoot = path.join(work, 'web');
  log('API at scale: building the web app, for the browser figures');
  await buildWebWithManifest(webRoot);
  log('API at scale: starting a local cloud of its own');
  const cloud = await startBenchCloud({
    port,
    buildDir: path.join(work, 'functions'),
    webRoot,
    env: {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MFA_ENCRYPTION_SECRET: randomBytes(32).toString('hex'),
      STRIPE_WEBHOOK_SECRET: benchWebhookSecret(),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  try {
    const seedStarted = performance.now();
    log(
      `API at scale: seeding ${sizes.projects.toLocaleString('en')} projects and ${sizes.users.toLocaleString('en')} users, and ${sizes.smallOrganizations} small organizations`,
    );
    const seed = (label: string, projects: number, staff: number, realistic?: { descriptionLength: number }) =>
      seedOrganization(db, cloud.tableName, {
        label,
        projects,
        membersPerProject: 3,
        staff,
        notificationsPerUser: 0,
        password: PASSWORD,
        ...(realistic ? { realistic } : {}),
      });
    const largeOrg = await seed('scale-large', sizes.projects, sizes.users - 1, { descriptionLength: 300 });
    const fullPageOrg = await seed('scale-full-page', sizes.fullPage.projects, sizes.fullPage.users - 1, {
      descriptionLength: 300,
    });
    const wordSearchOrg = await seed('scale-word-search', sizes.wordSearch.projects, sizes.wordSearch.users - 1, {
      descriptionLength: 300,
    });
    const smallOrgs: SeededOrganization[] = [];
    for (let index = 0; index < sizes.smallOrganizations; index += 10) {
      smallOrgs.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, sizes.smallOrganizations - index) }, (_, offset) =>
            seed(`scale-small-${index + offset}`, 10, 4),
          ),
        )),
      );
    }
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    log(`API at scale: seeded in ${seedSeconds} s`);
    const address = phaseAddresses('api-scale');
    const signedIn = async (seeded: SeededOrganization): Promise<Org> => {
      const from = address();
      return { seeded, base, headers: { cookie: await signIn(base, seeded.admin.email, PASSWORD, from), ...fromAddress(from) } };
    };
    const orgs = [
      await signedIn(largeOrg),
      await signedIn(smallOrgs[0]!),
      await signedIn(fullPageOrg),
      await signedIn(wordSearchOrg),
    ] as const;
    const figures: ApiScaleFigure[] = [];
    const apiLoad = loadAverage();
    for (const entry of CASES) {
      const figure = await measureCase(entry, orgs, samples);
      figures.push(figure);
      log(
        `  ${figure.case}: ${figure.large.status}/${figure.small.status}/${figure.fullPage.status}, p50 ${figure.large.p50} ms vs ${figure.small.p50} ms (×${figure.p50Ratio}) and ${figure.fullPage.p50} ms full pages (×${figure.p50RatioFullPage})${figure.wordSearch ? `, ${figure.wordSearch.p50} ms word search (×${figure.p50RatioWordSearch})` : ''}, ${figure.large.bytes} B, ${figure.large.dbCalls} calls, ${figure.large.readUnits} RCU, load ${loadAverage()}${figure.withinBudget ? '' : '  OVER BUDGET'}`,
      );
    }
    log('API at scale: a SCIM full sync of the large organization beside the small one, and a removal on 500 projects beside 5');
    const provisioning = await measureProvisioning(base, db, cloud.tableName, { large: largeOrg, small: smallOrgs[0]! });
    log(`  SCIM full sync and removal: ${JSON.stringify(provisioning)}`);
    const apiLoadEnd = loadAverage();
    log('API at scale: the browser at the large organization');
    const browserLoad = loadAverage();
    const measuredBrowser = await measureBrowserScale({
      baseUrl: `http://localhost:${port}`,
      email: largeOrg.admin.email,
      password: PASSWORD,
      organization: `${sizes.projects.toLocaleString('en')} projects`,
      runs: size.browserRuns,
      queries: size.browserQueries,
      address: address(),
    });
    const browser = {
      ...measuredBrowser,
      firstRowsBudgetMs: FIRST_ROWS_BUDGET_MS,
      paletteBudgetMs: PALETTE_BUDGET_MS,
      withinBudget: measuredBrowser.firstRowsP50 <= FIRST_ROWS_BUDGET_MS && measuredBrowser.paletteP50 <= PALETTE_BUDGET_MS,
    };
    const results: ApiScaleResults = {
      startedAt,
      quick,
      seedSeconds,
      sizes,
      figures,
      provisioning,
      allWithinBudget: figures.every((figure) => figure.withinBudget) && browser.withinBudget,
      browser,
      loadAverage: { api: [apiLoad, apiLoadEnd], browser: [browserLoad, loadAverage()] },
    };
    await mkdir(options.resultsDir, { recursive: true });
    await writeFile(path.join(options.resultsDir, 'api-scale.json'), `${JSON.stringify(results, null, 2)}\n`);
    printApiScale(results);
    return results;
  } finally {
    db.destroy();
    await cloud.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** The machine's 1-minute load average (other work on it slows every figure). */
const loadAverage = () => round1(os.loadavg()[0]!);

function printApiScale(results: ApiScaleResults) {
  const { projects, users } = results.sizes;
  console.log(
    `\nAPI at scale: ${projects.toLocaleString('en')} projects and ${users.toLocaleString('en')} users beside a 10-project organization, a 150-project, 150-user one (full pages) and, for searches, a ${results.sizes.wordSearch.projects.toLocaleString('en')}-project, ${results.sizes.wordSearch.users.toLocaleString('en')}-user one (the word index); large / 10 / 150 [/ word search] (p50/p95 ms, bytes, calls, read units); load ${results.loadAverage.api.join(' → ')}`,
  );
  console.table(
    results.figures.map((figure) => {
      const all = [figure.large, figure.small, figure.fullPage, ...(figure.wordSearch ? [figure.wordSearch] : [])];
      const each = (read: (measured: Measured) => number | string | undefined) => all.map(read).join(' / ');
      return {
        route: figure.case,
        status: each((measured) => measured.status),
        'p50 ms': each((measured) => measured.p50),
        'p95 ms': each((measured) => measured.p95),
        'ratio (10 / 150 [/ word search])': [
          figure.p50Ratio,
          figure.p50RatioFullPage,
          ...(figure.wordSearch ? [figure.p50RatioWordSearch] : []),
        ].join(' / '),
        judged: { small: '10', fullPage: '150', wordSearch: 'word search' }[figure.judgedAgainst],
        bytes: each((measured) => measured.bytes),
        calls: each((measured) => measured.dbCalls),
        RCU: each((measured) => measured.readUnits),
        budget: figure.withinBudget ? 'ok' : 'OVER',
      };
    }),
  );
  if (results.browser) {
    const { firstRowsMs, firstRowsP50, firstRowPhasesP50, paletteMs, paletteP50, withinBudget } = results.browser;
    console.log(
      `Browser at ${results.browser.organization}: first rows p50 ${firstRowsP50} ms (${firstRowsMs.join(', ')}; budget ${FIRST_ROWS_BUDGET_MS}), palette p50 ${paletteP50} ms (${paletteMs.join(', ')}; budget ${PALETTE_BUDGET_MS}); load ${results.loadAverage.browser?.join(' → ')}${withinBudget ? '' : '  OVER BUDGET'}`,
    );
    const { documentEnd, scriptsEnd, projectsStart, projectsEnd, firstRow } = firstRowPhasesP50;
    console.log(
      `  first rows, p50 of each milestone since navigation: HTML ${documentEnd} ms, scripts ${scriptsEnd} ms, project list asked ${projectsStart} ms and answered ${projectsEnd} ms, first row drawn ${firstRow} ms`,
    );
  }
}
