import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { handlerEntry } from '../../infra/local/build-functions';
import type { Endpoint } from '../../shared/contract/endpoint';
import { READ_BUDGETS, routeKey } from '../integration/budgets/read-budgets';
import { ofType, synthStage } from './synth-stage';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTRACT_DIR = path.join(ROOT, 'shared/contract');

/** The modules of shared/contract/: the names every layer uses for its resources. */
const contractModules = () =>
  readdirSync(CONTRACT_DIR)
    .filter((file) => file.endsWith('.ts') && file !== 'endpoint.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -3))
    .sort();
const foldersIn = (dir: string) =>
  readdirSync(path.join(ROOT, dir))
    .filter((name) => statSync(path.join(ROOT, dir, name)).isDirectory())
    .sort();
const modulesIn = (dir: string) =>
  readdirSync(path.join(ROOT, dir))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => name.replace(/\.tsx?$/, ''))
    .sort();

/** The folders of functions/ that are plumbing or cross-resource rules, not a resource of the contract. */
const FUNCTIONS_PLUMBING = [
  'aws',
  'capacity',
  'db',
  'domain',
  'events',
  'handlers',
  'http',
  'images',
  'mailer',
  'middleware',
  'observability',
  'security',
  'throttles',
];
/** Handler folders of plumbing: its stream and schedule functions (the mailer's), which no contract module names. */
const PLUMBING_HANDLER_FOLDERS = ['mailer'];
/**
 * Resource folders' files still named for their folder rather than for their concern (item, reads,
 * writes, rules, messages): to be renamed or split (issue 61). The list only shrinks: the test fails
 * on a new one and on a listed one that is gone.
 */
const STILL_NAMED_FOR_THEIR_FOLDER = [
  'avatars/avatars.ts',
  'billing/billing.ts',
  'comments/comments.ts',
  'mfa/mfa.ts',
  'notifications/notifications.ts',
  'organization-users/organization-users.ts',
  'passkeys/passkeys.ts',
  'projects/projects.ts',
  'sessions/sessions.ts',
  'user/users.ts',
];
/** Where the web's api files live: each feature's api/, and lib/api/ for the queries several features read. */
const WEB_API_FOLDERS = () => [
  ...foldersIn('web/src/features')
    .filter((feature) => existsSync(path.join(ROOT, 'web/src/features', feature, 'api')))
    .map((feature) => `web/src/features/${feature}/api`),
  'web/src/lib/api',
];
/** A module that imports api-client's call, callPage or callAllPages calls an endpoint. */
const CALLS_THE_API = /import \{[^}]*\b(call|callPage|callAllPages)\b[^}]*\} from '[./]*(lib\/)?api-client'/;
/** The source files (not tests) below a folder, relative to the repository. */
const sourceFilesIn = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFilesIn(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
/** Schema modules that several contract modules build on (field builders, a message body, project activity). */
const SHARED_SCHEMA_MODULES = ['activity', 'fields', 'message'];

/** Every endpoint every module of shared/contract/ declares (each an export of its own), by `<file>.<name>`. */
async function contractEndpoints(): Promise<[string, Endpoint][]> {
  const files = readdirSync(CONTRACT_DIR).filter(
    (file) => file.endsWith('.ts') && file !== 'endpoint.ts' && !file.endsWith('.test.ts'),
  );
  const found: [string, Endpoint][] = [];
  for (const file of files) {
    const module = (await import(path.join(CONTRACT_DIR, file))) as Record<string, Endpoint>;
    for (const [name, endpoint] of Object.entries(module)) found.push([`${file}.${name}`, endpoint]);
  }
  return found;
}

describe('the contract: every endpoint of shared/contract/ is served', async () => {
  const endpoints = await contractEndpoints();
  const { stage } = synthStage('pr-1');
  const cdkRouteKeys = new Set(
    ofType(stage, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties?.RouteKey as string),
  );

  it('declares endpoints (the scan finds them)', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(routes.length);
  });

  it.each(endpoints)('%s has one route, its handler file, a CDK route and, for a GET, a call budget', (_, endpoint) => {
    const served = routes.filter((route) => route.endpoint === endpoint);
    expect(served, 'entries of functions/routes.ts serving it').toHaveLength(1);
    const route = served[0]!;
    expect(existsSync(handlerEntry(route.handler)), `functions/handlers/${route.handler}.ts`).toBe(true);
    expect(cdkRouteKeys.has(routeKey(endpoint)), `API Gateway route ${routeKey(endpoint)}`).toBe(true);
    if (endpoint.method === 'GET')
      expect(
        READ_BUDGETS[routeKey(endpoint)],
        `call budget of ${routeKey(endpoint)} in test/integration/budgets/read-budgets.ts`,
      ).toBeTypeOf('number');
  });

  it("takes every route's method and path from its endpoint, and serves each endpoint once", () => {
    for (const route of routes) expect(routeKey(route)).toBe(routeKey(route.endpoint));
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
    expect(routes.every((route) => endpoints.some(([, endpoint]) => endpoint === route.endpoint))).toBe(true);
  });
});

describe('one vocabulary: a resource has the same name from the contract to the screen', () => {
  const contract = contractModules();

  it('names a handler folder for every contract module, and no other but the plumbing that has entry points', () => {
    expect(foldersIn('functions/handlers').filter((name) => !PLUMBING_HANDLER_FOLDERS.includes(name))).toEqual(contract);
  });

  it('keeps every Lambda entry point (routes, stream and queue consumers, schedules) under functions/handlers/', () => {
    const sources = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir)).flatMap((name) => {
        const relative = `${dir}/${name}`;
        if (statSync(path.join(ROOT, relative)).isDirectory()) return relative === 'functions/handlers' ? [] : sources(relative);
        return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [relative] : [];
      });
    const outside = sources('functions').filter((file) =>
      /^export (const|async function|function) handler\b/m.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(outside, 'entry points outside functions/handlers/').toEqual([]);
  });

  it("serves every endpoint from the handler folder named as the endpoint's contract module", async () => {
    for (const module of contract) {
      const endpoints = Object.values((await import(path.join(CONTRACT_DIR, `${module}.ts`))) as Record<string, Endpoint>);
      for (const route of routes.filter((entry) => endpoints.includes(entry.endpoint)))
        expect(`${module} → ${route.handler}`).toBe(`${module} → ${module}/${route.handler.split('/')[1]}`);
    }
  });

  it('names every schema module as a contract module, but the shared building blocks', () => {
    const unaligned = modulesIn('shared/schemas').filter(
      (name) => !contract.includes(name) && !SHARED_SCHEMA_MODULES.includes(name),
    );
    expect(unaligned, 'shared/schemas/ modules named as no contract module').toEqual([]);
  });

  it('names every resource folder of functions/ as a contract module (the rest is plumbing)', () => {
    const unaligned = foldersIn('functions').filter((name) => !contract.includes(name) && !FUNCTIONS_PLUMBING.includes(name));
    expect(unaligned, 'functions/ folders that are neither plumbing nor named as a contract module').toEqual([]);
  });

  it('names no file of a resource folder for its folder (<folder>.ts, <plural>.ts): item, reads, writes, rules, messages or its own job', () => {
    const namedForFolder = foldersIn('functions')
      .filter((folder) => contract.includes(folder))
      .flatMap((folder) =>
        modulesIn(`functions/${folder}`)
          .filter((name) => [folder, `${folder}s`, folder.replace(/s$/, '')].includes(name))
          .map((name) => `${folder}/${name}.ts`),
      );
    expect(namedForFolder, 'resource files named for their folder').toEqual(STILL_NAMED_FOR_THEIR_FOLDER);
  });

  it('names every api file of the web as the contract module whose endpoints it calls', () => {
    const unaligned = WEB_API_FOLDERS()
      .flatMap((folder) => modulesIn(folder).map((name) => `${folder}/${name}`))
      .filter((file) => !contract.includes(file.split('/').pop()!));
    expect(unaligned, 'web api files named as no contract module').toEqual([]);
  });

  it("calls the API from api files only (a feature's api/, or lib/api/ for what several features read)", () => {
    const apiFolders = new Set(WEB_API_FOLDERS());
    const callers = sourceFilesIn('web/src').filter((file) => CALLS_THE_API.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(
      callers.filter((file) => !apiFolders.has(path.dirname(file))),
      'web modules calling endpoints outside an api folder',
    ).toEqual([]);
  });

  it("keeps every endpoint whose path starts with a compound resource name (/api/organization-users) in that name's contract module", async () => {
    const misplaced = (await contractEndpoints()).filter(([name, endpoint]) => {
      const first = endpoint.path.split('/')[2]!;
      return first.includes('-') && contract.includes(first) && !name.startsWith(`${first}.ts.`);
    });
    expect(misplaced.map(([name, endpoint]) => `${name} ${endpoint.path}`)).toEqual([]);
  });

  it('gives every contract module that takes or answers JSON a schema module of its own name', () => {
    const withSchemas = contract.filter((module) =>
      readFileSync(path.join(CONTRACT_DIR, `${module}.ts`), 'utf8').includes("from '../schemas/"),
    );
    expect(
      withSchemas.filter((module) => !existsSync(path.join(ROOT, 'shared/schemas', `${module}.ts`))),
      'contract modules without shared/schemas/<module>.ts',
    ).toEqual([]);
  });

  it('gives every contract module a resource folder of its name in functions/', () => {
    expect(
      contract.filter((module) => !existsSync(path.join(ROOT, 'functions', module))),
      'contract modules without functions/<module>/',
    ).toEqual([]);
  });
});
