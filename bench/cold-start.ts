import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type RouteDefinition, handlerName, routes } from '../functions/routes';
import { bundleHandlers } from '../infra/local/build-functions';
import { lambdaEvent } from './lambda-event';
import { median, round1 } from './stats';

const run = promisify(execFile);
const PROBE = path.join(import.meta.dirname, 'cold-start-probe.mjs');
const REFERENCE_NAME = 'cold-start-reference';
const REFERENCE_ENTRY = path.join(import.meta.dirname, 'cold-start-reference.ts');

export interface ColdStartFixture {
  host: string;
  cookie: string;
  logoutCookie: string;
  orgId: string;
  adminEmail: string;
  password: string;
  projectIds: string[];
  staffIds: string[];
  staffEmails: string[];
  notificationId: string;
  avatar: { userId: string; version: string };
}

export interface ColdStartFigure {
  handler: string;
  route: string;
  /** Median wall time of a fresh process serving one request, minus the empty process's. */
  coldMs: number;
  /** Of which: importing the bundle, and the first request (first connection, first SDK call). */
  importMs: number;
  firstRequestMs: number;
  /** The minified bundle as deployed (index.mjs, its source map not counted): the budget of test/infra/handler-bundles.test.ts. */
  bundleKb: number;
  status: string;
  runs: number;
}

/**
 * Per handler: `runs` fresh Node processes, each importing the bundle and serving one request
 * against the running DynamoDB Local; the median minus the median of an empty Node process.
 */
export async function measureColdStarts(buildDir: string, env: Record<string, string>, fixture: ColdStartFixture, runs: number) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'growthwise-cold-'));
  try {
    const empty = median(await timesOf(runs, () => run(process.execPath, [PROBE], { env })));
    const measure = async (handler: string, route: string, bundle: string, event: unknown): Promise<ColdStartFigure> => {
      const eventFile = path.join(folder, `${handler.replaceAll('/', '-')}.json`);
      await writeFile(eventFile, JSON.stringify(event));
      const statuses = new Set<number>();
      const imports: number[] = [];
      const requests: number[] = [];
      const times = await timesOf(runs, async () => {
        const out = await run(process.execPath, [PROBE, bundle, eventFile], { env });
        const probe = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as { status: number; importMs: number; requestMs: number };
        statuses.add(probe.status);
        imports.push(probe.importMs);
        requests.push(probe.requestMs);
      });
      const bundleKb = round1((await stat(bundle)).size / 1024);
      return { handler, route, coldMs: round1(median(times) - empty), importMs: median(imports), firstRequestMs: median(requests), bundleKb, status: [...statuses].join('/'), runs };
    };

    await bundleHandlers({ [REFERENCE_NAME]: REFERENCE_ENTRY }, buildDir);
    const reference = await measure('(reference) DocumentClient + one GetItem', '', path.join(buildDir, REFERENCE_NAME, 'index.mjs'), { requestContext: { requestId: 'reference' } });

    const byHandler = new Map<string, RouteDefinition>();
    for (const route of routes) if (!byHandler.has(route.handler)) byHandler.set(route.handler, route);
    // Logout ends the session it names: it goes last, with a session of its own.
    const ordered = [...byHandler.values()].sort((a, b) => Number(a.handler === 'auth/logout') - Number(b.handler === 'auth/logout'));
    const figures: ColdStartFigure[] = [];
    for (const route of ordered) {
      const event = lambdaEvent(route, { host: fixture.host, ...requestFor(route, fixture) });
      figures.push(await measure(route.handler, `${route.method} ${route.path}`, path.join(buildDir, handlerName(route), 'index.mjs'), event));
    }
    return { emptyProcessMs: empty, reference, figures };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function timesOf(runs: number, once: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return times;
}

/** A representative request per route; the statuses are reported beside the times. */
function requestFor(route: Pick<RouteDefinition, 'method' | 'path'>, f: ColdStartFixture): { params?: Record<string, string>; cookie?: string; body?: unknown } {
  const key = `${route.method} ${route.path}`;
  const cookie = f.cookie;
  switch (key) {
    case 'POST /api/register':
      return { body: { username: `cold-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: f.password, fullName: 'Cold Start', organizationName: 'Cold Start Org', plan: 'professional', billingCycle: 'monthly' } };
    case 'POST /api/login':
      return { body: { username: f.adminEmail, password: f.password } };
    case 'POST /api/logout':
      return { cookie: f.logoutCookie };
    case 'POST /api/projects':
      return { cookie, body: { name: 'Cold start project' } };
    case 'PATCH /api/projects/{id}':
      return { cookie, params: { id: f.projectIds[0]! }, body: { status: 'in_progress' } };
    case 'DELETE /api/projects/{id}':
      return { cookie, params: { id: f.projectIds[2]! } };
    case 'PUT /api/projects/{id}/members':
      return { cookie, params: { id: f.projectIds[1]! }, body: { memberIds: [f.staffIds[0]!] } };
    case 'PATCH /api/notifications/{id}/read':
      return { cookie, params: { id: f.notificationId } };
    case 'POST /api/user/avatar':
      return { cookie, body: { avatarUrl: TINY_PNG } };
    case 'PATCH /api/user/profile':
      return { cookie, body: { fullName: 'Cold Start Admin' } };
    case 'POST /api/user/change-password':
      // A wrong current password: the whole check runs, and the other sessions stay.
      return { cookie, body: { currentPassword: 'not-the-password', newPassword: 'another-password' } };
    case 'PATCH /api/organization/{id}':
      return { cookie, params: { id: f.orgId }, body: { name: 'Cold Start Marketing' } };
    case 'POST /api/organization/users':
      return { cookie, body: { username: f.staffEmails[0]!, fullName: 'Cold Start Staff', role: 'staff' } };
    case 'DELETE /api/organization/users/{userId}':
      return { cookie, params: { userId: f.staffIds[f.staffIds.length - 1]! } };
    case 'GET /api/avatars/{userId}/{version}':
      return { params: f.avatar };
    default: {
      const params: Record<string, string> = {};
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) params[name!] = name === 'id' ? f.projectIds[0]! : f.staffIds[0]!;
      return { cookie, params, ...(route.method === 'GET' ? {} : { body: {} }) };
    }
  }
}

export const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
