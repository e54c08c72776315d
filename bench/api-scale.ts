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
import { startBenchCloud } from './cloud';
import { percentile, round1 } from './stats';
import { benchWebhookSecret } from './stripe-deliveries';

/**
 * `npm run bench -- --scale` (and the full `npm run bench`): the read routes of one organization of
 * 5,000 users and 50,000 projects (realistic names, 300-character descriptions) beside the same
 * routes of a 10-project organization, with 200 small organizations around them in the table
 * (issue 36). Per route: p50 and p95 (requests to the two organizations interleaved, one at a time),
 * response bytes, DynamoDB calls and read units (the emulator's x-db-calls and x-db-read-units).
 * Budgets: p50 at 50,000 ≤ 1.3 × the small organization's; a list answer ≤ 100 KB.
 * Written to bench/results/api-scale.json.
 */

const PASSWORD = 'bench-password';
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
  small: Measured;
  p50Ratio: number;
  withinBudget: boolean;
}

export interface ApiScaleResults {
  startedAt: string;
  quick: boolean;
  seedSeconds: number;
  sizes: { projects: number; users: number; smallOrganizations: number };
  figures: ApiScaleFigure[];
  allWithinBudget: boolean;
}

interface Case {
  name: string;
  /** A list route (its answer held to LIST_BYTES_MAX). */
  list: boolean;
  path: (org: Org) => Promise<string> | string;
}

interface Org {
  seeded: SeededOrganization;
  cookie: string;
  base: string;
}

/** Follows `Link: <…>; rel="next"` `pages` times from `first` and answers that page's path. */
async function pageAfter(org: Org, first: string, pages: number): Promise<string> {
  let next = first;
  for (let page = 0; page < pages; page += 1) {
    const response = await fetch(`${org.base}${next}`, { headers: { cookie: org.cookie } });
    await response.arrayBuffer();
    const link = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
    if (!link) return next;
    next = link;
  }
  return next;
}

const CASES: Case[] = [
  { name: 'GET /api/projects (first page)', list: true, path: () => '/api/projects' },
  // 20,000 projects in (100 pages of 200), then a page of the default 100; the small organization's second page of 5.
  {
    name: 'GET /api/projects (a deep page)',
    list: true,
    path: async (org) => (await pageAfter(org, org.seeded.projectIds.length > 1_000 ? '/api/projects?limit=200' : '/api/projects?limit=5', 100)).replace(/limit=\d+/, 'limit=100'),
  },
  { name: 'GET /api/projects?sort=name', list: true, path: () => '/api/projects?sort=name' },
  { name: 'GET /api/projects?sort=dueDate', list: true, path: () => '/api/projects?sort=dueDate' },
  { name: 'GET /api/projects?sort=status&order=desc', list: true, path: () => '/api/projects?sort=status&order=desc' },
  { name: 'GET /api/projects?q=launch', list: true, path: () => '/api/projects?q=launch' },
  { name: 'GET /api/dashboard', list: false, path: () => '/api/dashboard' },
  { name: 'GET /api/organization/users (first page)', list: true, path: () => '/api/organization/users' },
  { name: 'GET /api/organization/users?sort=name', list: true, path: () => '/api/organization/users?sort=name' },
  { name: 'GET /api/organization-users?q=staff1', list: true, path: () => '/api/organization-users?q=staff1' },
  { name: 'GET /api/projects/{id}', list: false, path: (org) => `/api/projects/${org.seeded.projectIds[Math.floor(org.seeded.projectIds.length / 2)]}` },
];

async function timed(org: Org, route: string) {
  const started = performance.now();
  const response = await fetch(`${org.base}${route}`, { headers: { cookie: org.cookie } });
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

/** One case: a probe of each organization, then `samples` requests to each, interleaved. */
async function measureCase(entry: Case, large: Org, small: Org, samples: number): Promise<ApiScaleFigure> {
  const paths = [await entry.path(large), await entry.path(small)] as const;
  const probes = [await timed(large, paths[0]), await timed(small, paths[1])];
  // A route that fails at this size (the dashboard reading every project) is reported as failed, not timed.
  const failed = probes.some((probe) => probe.status !== 200);
  const times: [number[], number[]] = [[], []];
  for (let sample = 0; sample < (failed ? 0 : samples); sample += 1) {
    // Alternating which goes first, so neither always runs after the other.
    const order = sample % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) times[index]!.push((await timed(index === 0 ? large : small, paths[index]!)).ms);
  }
  const measured = (index: 0 | 1): Measured => ({
    path: paths[index],
    status: probes[index]!.status,
    items: itemsOf(probes[index]!.body),
    bytes: probes[index]!.bytes,
    dbCalls: probes[index]!.dbCalls,
    readUnits: round1(probes[index]!.readUnits),
    p50: percentile(times[index], 50),
    p95: percentile(times[index], 95),
  });
  const [big, little] = [measured(0), measured(1)];
  const p50Ratio = Math.round((big.p50 / little.p50) * 100) / 100;
  return { case: entry.name, list: entry.list, large: big, small: little, p50Ratio, withinBudget: !failed && big.p50 <= P50_RATIO_MAX * little.p50 && (!entry.list || (big.bytes <= LIST_BYTES_MAX && little.bytes <= LIST_BYTES_MAX)) };
}

export async function runApiScaleBench(options: { quick: boolean; log: (message: string) => void }): Promise<ApiScaleResults> {
  const { quick, log } = options;
  const sizes = quick ? { projects: 5_000, users: 500, smallOrganizations: 20 } : { projects: 50_000, users: 5_000, smallOrganizations: 200 };
  const samples = quick ? 10 : 60;
  const startedAt = new Date().toISOString();
  const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-api-scale-'));
  const port = await freePort();
  log('API at scale: starting a local cloud of its own');
  const cloud = await startBenchCloud({
    port,
    buildDir: path.join(work, 'functions'),
    env: { SESSION_SECRET: randomBytes(32).toString('hex'), MFA_ENCRYPTION_SECRET: randomBytes(32).toString('hex'), STRIPE_WEBHOOK_SECRET: benchWebhookSecret() },
  });
  const base = `http://127.0.0.1:${port}`;
  const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), { marshallOptions: { removeUndefinedValues: true } });
  try {
    const seedStarted = performance.now();
    log(`API at scale: seeding ${sizes.projects.toLocaleString('en')} projects and ${sizes.users.toLocaleString('en')} users, and ${sizes.smallOrganizations} small organizations`);
    const seed = (label: string, projects: number, staff: number, realistic?: { descriptionLength: number }) =>
      seedOrganization(db, cloud.tableName, { label, projects, membersPerProject: 3, staff, notificationsPerUser: 0, password: PASSWORD, ...(realistic ? { realistic } : {}) });
    const largeOrg = await seed('scale-large', sizes.projects, sizes.users - 1, { descriptionLength: 300 });
    const smallOrgs: SeededOrganization[] = [];
    for (let index = 0; index < sizes.smallOrganizations; index += 10) {
      smallOrgs.push(...(await Promise.all(Array.from({ length: Math.min(10, sizes.smallOrganizations - index) }, (_, offset) => seed(`scale-small-${index + offset}`, 10, 4)))));
    }
    const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
    log(`API at scale: seeded in ${seedSeconds} s`);
    const signedIn = async (seeded: SeededOrganization): Promise<Org> => ({ seeded, base, cookie: await signIn(base, seeded.admin.email, PASSWORD) });
    const [large, small] = await Promise.all([signedIn(largeOrg), signedIn(smallOrgs[0]!)]);
    const figures: ApiScaleFigure[] = [];
    for (const entry of CASES) {
      const figure = await measureCase(entry, large, small, samples);
      figures.push(figure);
      log(`  ${figure.case}: ${figure.large.status}/${figure.small.status}, p50 ${figure.large.p50} ms vs ${figure.small.p50} ms (×${figure.p50Ratio}), ${figure.large.bytes} B, ${figure.large.dbCalls} calls, ${figure.large.readUnits} RCU${figure.withinBudget ? '' : '  OVER BUDGET'}`);
    }
    const results: ApiScaleResults = { startedAt, quick, seedSeconds, sizes, figures, allWithinBudget: figures.every((figure) => figure.withinBudget) };
    await mkdir(path.join(import.meta.dirname, 'results'), { recursive: true });
    await writeFile(path.join(import.meta.dirname, 'results', 'api-scale.json'), `${JSON.stringify(results, null, 2)}\n`);
    printApiScale(results);
    return results;
  } finally {
    db.destroy();
    await cloud.stop();
    await rm(work, { recursive: true, force: true });
  }
}

function printApiScale(results: ApiScaleResults) {
  const { projects, users } = results.sizes;
  console.log(`\nAPI at scale: ${projects.toLocaleString('en')} projects and ${users.toLocaleString('en')} users beside a 10-project organization (p50/p95 ms, bytes, calls, read units)`);
  console.table(
    results.figures.map((figure) => ({
      route: figure.case,
      status: `${figure.large.status} / ${figure.small.status}`,
      'large p50/p95': `${figure.large.p50} / ${figure.large.p95}`,
      'small p50/p95': `${figure.small.p50} / ${figure.small.p95}`,
      ratio: figure.p50Ratio,
      'large bytes': figure.large.bytes,
      'small bytes': figure.small.bytes,
      calls: `${figure.large.dbCalls} / ${figure.small.dbCalls}`,
      RCU: `${figure.large.readUnits} / ${figure.small.readUnits}`,
      budget: figure.withinBudget ? 'ok' : 'OVER',
    })),
  );
}
