import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type RouteDefinition, handlerName, routes } from '../functions/routes';
import { bundleHandlers } from '../infra/local/build-functions';
import { type ColdStartNames, type ColdStartRequest, requestFor } from './cold-start-requests';
import { lambdaEvent } from './lambda-event';
import { SetUpError } from './set-up-checks';
import { median, round1 } from './stats';
import type { StripeDelivery } from './stripe-deliveries';

const run = promisify(execFile);
const PROBE = path.join(import.meta.dirname, 'cold-start-probe.mjs');
export const REFERENCE_NAME = 'cold-start-reference';
const REFERENCE_ENTRY = path.join(import.meta.dirname, 'cold-start-reference.ts');

export interface ColdStartFixture extends ColdStartNames {
  host: string;
  /** A new client address of the phase each call: each run's event comes from its own. */
  address: () => string;
  /** What each run of a route that works only once or a few times an hour gets of its own (a target, a session); undefined for every other route. */
  freshRequests: (route: RouteDefinition, count: number) => Promise<Partial<ColdStartRequest>[] | undefined>;
  /** For Stripe's webhook, a new signed delivery for each run (bench/stripe-deliveries.ts); undefined for every other route. */
  freshDeliveries: (route: RouteDefinition, count: number) => Promise<StripeDelivery[] | undefined>;
}

export interface ColdStartFigure {
  handler: string;
  route: string;
  /** Median wall time of a fresh process serving one request, minus the empty process's. */
  coldMs: number;
  /** Of which: importing the bundle, and the first request (first connection, first SDK call). */
  importMs: number;
  firstRequestMs: number;
  /** Median over paired runs of (this handler's process − a reference process run just before it): what the handler adds to the SDK's cold start. */
  overReferenceMs?: number;
  /** The same for the import alone: what the bundle's own code and libraries cost to load beyond the SDK's. */
  importOverReferenceMs?: number;
  /**
   * The same for the process's CPU time (import and request, all its threads, V8's compilers and GC
   * included): the work itself, without the waits on DynamoDB Local and for a core that wall time holds.
   */
  cpuOverReferenceMs?: number;
  /**
   * The same as overReferenceMs less what the route's own DynamoDB calls took beyond the reference's
   * one GetItem (the `dbMs` of the handler's log line − the reference's request): what the handler's
   * code adds around its calls. Reported, not judged (docs/decisions/021h).
   */
  beyondDbOverReferenceMs?: number;
  /** The minified bundle as deployed (index.mjs, its source map not counted): the budget of test/infra/handler-bundles.test.ts. */
  bundleKb: number;
  status: string;
  runs: number;
}

export interface ColdStartOptions {
  runs: number;
  /** Only these handlers (e.g. 'sessions/list-sessions'); all when absent. */
  only?: string[];
  /** Where to write CPU profiles of each handler (and the reference), from extra processes outside the timed runs. */
  profileDir?: string;
}

/**
 * Per handler: `runs` fresh Node processes, each importing the bundle and serving one request
 * against the running DynamoDB Local; the median minus the median of an empty Node process.
 */
export async function measureColdStarts(
  buildDir: string,
  env: Record<string, string>,
  fixture: ColdStartFixture,
  options: ColdStartOptions,
) {
  const { runs } = options;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'growthwise-cold-'));
  try {
    const empty = median(await timesOf(runs, () => run(process.execPath, [PROBE], { env })));
    const probe = async (bundle: string, eventFile: string, nodeOptions: string[] = []) => {
      const started = performance.now();
      const out = await run(process.execPath, [...nodeOptions, PROBE, bundle, eventFile], { env });
      const wallMs = performance.now() - started;
      const lines = out.stdout.trim().split('\n');
      const result = JSON.parse(lines.at(-1)!) as {
        status: number;
        importMs: number;
        requestMs: number;
        cpuMs: number;
        importedAtUs: number;
      };
      return { wallMs, ...result, dbMs: dbTimeOf(lines) };
    };
    const eventFileOf = async (handler: string, event: unknown) => {
      const eventFile = path.join(folder, `${handler.replaceAll('/', '-')}.json`);
      await writeFile(eventFile, JSON.stringify(event));
      return eventFile;
    };

    await bundleHandlers({ [REFERENCE_NAME]: REFERENCE_ENTRY }, buildDir);
    const referenceBundle = path.join(buildDir, REFERENCE_NAME, 'index.mjs');
    const referenceEvent = await eventFileOf('reference', { requestContext: { requestId: 'reference' } });

    /**
     * `runs` fresh processes of the bundle; with `paired`, each right after a fresh process of the
     * reference, so what the machine's load does to one run it does to its pair, and the median of
     * the differences is what the handler adds to the SDK's own cold start (docs/decisions/021c).
     */
    const measure = async (
      handler: string,
      route: string,
      bundle: string,
      events: unknown[],
      paired: boolean,
    ): Promise<ColdStartFigure> => {
      const eventFiles = await Promise.all(events.map((event, index) => eventFileOf(`${handler}.${index}`, event)));
      // One event per run when the request removes its target, else the same event every run.
      const eventFileFor = (run: number) => eventFiles[run % eventFiles.length]!;
      const statuses = new Set<number>();
      const walls: number[] = [];
      const imports: number[] = [];
      const requests: number[] = [];
      const overReference: number[] = [];
      const importsOverReference: number[] = [];
      const cpuOverReference: number[] = [];
      const beyondDb: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const reference = paired ? await probe(referenceBundle, referenceEvent) : undefined;
        const own = await probe(bundle, eventFileFor(i));
        statuses.add(own.status);
        walls.push(own.wallMs);
        imports.push(own.importMs);
        requests.push(own.requestMs);
        if (reference) {
          overReference.push(own.wallMs - reference.wallMs);
          importsOverReference.push(own.importMs - reference.importMs);
          cpuOverReference.push(own.cpuMs - reference.cpuMs);
          // The reference's request is its one GetItem; the handler's log line says how long its own calls took.
          if (own.dbMs !== undefined) beyondDb.push(own.wallMs - reference.wallMs - (own.dbMs - reference.requestMs));
        }
      }
      // Sampled every 0.1 ms, so one profile is noisy: as many profiles as timed runs, to read together.
      for (let i = 0; options.profileDir && i < runs; i += 1) {
        const name = `${paired ? handlerName({ handler }) : 'reference'}.${i}.cpuprofile`;
        const marks = await probe(bundle, eventFileFor(runs + i), [
          '--cpu-prof',
          '--cpu-prof-interval=100',
          `--cpu-prof-dir=${options.profileDir}`,
          `--cpu-prof-name=${name}`,
        ]);
        await writeFile(path.join(options.profileDir, `${name}.marks.json`), JSON.stringify(marks));
      }
      const bundleKb = round1((await stat(bundle)).size / 1024);
      return {
        handler,
        route,
        coldMs: round1(median(walls) - empty),
        importMs: median(imports),
        firstRequestMs: median(requests),
        ...(paired
          ? {
              overReferenceMs: round1(median(overReference)),
              importOverReferenceMs: round1(median(importsOverReference)),
              cpuOverReferenceMs: round1(median(cpuOverReference)),
              ...(beyondDb.length === runs ? { beyondDbOverReferenceMs: round1(median(beyondDb)) } : {}),
            }
          : {}),
        bundleKb,
        status: [...statuses].join('/'),
        runs,
      };
    };

    const reference = await measure(
      '(reference) DocumentClient + one GetItem',
      '',
      referenceBundle,
      [{ requestContext: { requestId: 'reference' } }],
      false,
    );

    const byHandler = new Map<string, RouteDefinition>();
    for (const route of routes)
      if (!byHandler.has(route.handler) && (!options.only || options.only.includes(route.handler)))
        byHandler.set(route.handler, route);
    // The audit routes go first, while the log holds what the fixture wrote (their requests read all
    // of it, and the other handlers' requests add to it); logout ends the session it names: it goes
    // last, with a session of its own.
    const rank = (route: RouteDefinition) =>
      route.handler.startsWith('audit-log/') ? 0 : route.handler === 'auth/logout' ? 2 : 1;
    const ordered = [...byHandler.values()].sort((a, b) => rank(a) - rank(b));
    const figures: ColdStartFigure[] = [];
    for (const route of ordered) {
      const routeKey = `${route.method} ${route.path}`;
      const count = options.profileDir ? 2 * runs : runs;
      const fresh = await fixture.freshRequests(route, count);
      const deliveries = await fixture.freshDeliveries(route, count);
      // One event a run, each from an address of its own.
      const events = Array.from({ length: count }, (_, run) =>
        lambdaEvent(route, {
          host: fixture.host,
          sourceIp: fixture.address(),
          ...(deliveries ? deliveries[run]! : { ...requestFor(route, fixture), ...fresh?.[run] }),
        }),
      );
      const figure = await measure(route.handler, routeKey, path.join(buildDir, handlerName(route), 'index.mjs'), events, true);
      assertOneAnswer(figure);
      figures.push(figure);
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

/**
 * Each run of a handler is the same request made afresh: its runs answer alike, and never with a
 * throttle's 429 or a 5xx. Two answers (400/429) or a refusal mean the runs measured the bench's
 * set-up (a limit met, a target spent), not the handler.
 */
function assertOneAnswer(figure: ColdStartFigure) {
  const statuses = figure.status.split('/');
  if (statuses.length > 1)
    throw new SetUpError(
      `the cold starts of ${figure.handler} (${figure.route}) answered ${figure.status}: its runs did not make the same request`,
    );
  if (statuses[0] === '429' || statuses[0]!.startsWith('5'))
    throw new SetUpError(`the cold starts of ${figure.handler} (${figure.route}) answered ${figure.status}`);
}

/** The `dbMs` of the handler's request log line among a probe's output lines (http-response.ts); undefined when it wrote none. */
export function dbTimeOf(lines: readonly string[]): number | undefined {
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as { message?: unknown; dbMs?: unknown };
    // 'request', or 'request failed' for a 500: both carry the request's fields.
    if (typeof parsed.message === 'string' && parsed.message.startsWith('request') && typeof parsed.dbMs === 'number')
      return parsed.dbMs;
  }
  return undefined;
}
