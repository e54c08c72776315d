import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_AWS_ENV, localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { seedOrganization } from '../infra/local/seed';
import { callApi, signIn } from './api-client';
import { measureApiKeyLatency } from './api-key-latency';
import { runApiScaleBench } from './api-scale';
import { measureAssistantLatency } from './assistant-latency';
import { measureAutomationLatency } from './automation-latency';
import { BENCH_SIZES } from './bench-size';
import { measureBrowserScale } from './browser-scale';
import { fromAddress, phaseAddresses } from './client-addresses';
import { startBenchCloud } from './cloud';
import { measureColdStarts } from './cold-start';
import { coldStartFixture, probeEnvironment } from './cold-start-fixture';
import { ownSetUpHandlers } from './cold-start-requests';
import { floorCalls, measureFloor } from './dynamodb-floor';
import { measureHttp } from './http-latency';
import { measureInterleaved } from './interleaved-latency';
import { runLighthouse } from './lighthouse';
import { runLoad } from './load';
import { measureMailDelivery } from './mail-delivery';
import { memoryTrend } from './memory';
import { printReport } from './report';
import { GOALS, type BenchResults, type RouteFigure, judge } from './results';
import { BUSY, SetUpError, assertMostlySucceeded } from './set-up-checks';
import { measureSignInAnswers } from './sign-in-answers';
import { round1 } from './stats';
import { benchWebhookSecret } from './stripe-deliveries';
import { buildWebWithManifest, firstLoadWeights } from './web-size';
import { measureWebhookLatency } from './webhook-latency';
import { measureWriteContention } from './write-contention';
import { seedContention } from './write-contention-run';

/**
 * `npm run bench` (`-- --quick` for a smoke run with every phase shortened; `-- --tiny` for the
 * end-to-end test's, each phase measured about once): API latency against the DynamoDB floor, scale,
 * cold starts, web weight and Lighthouse, and a load run, printed as tables and written to
 * bench/results/latest.json (`--out DIR`: DIR/latest.json instead). Only 127.0.0.1/localhost is ever
 * contacted. Every mode sets each phase up alike (bench/bench-size.ts), each phase from client
 * addresses and accounts of its own; a phase the product refuses stops the bench (bench/set-up-checks.ts).
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tiny: { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const mode = values.tiny ? 'tiny' : values.quick ? 'quick' : 'full';
const size = BENCH_SIZES[mode];
const { seconds } = size;
const resultsDir = path.resolve(values.out ?? path.join(import.meta.dirname, 'results'));
const PASSWORD = 'bench-password';
/** The load phase's clients, each signed in as an account of its own. */
const LOAD_CLIENTS = 50;

const benchStarted = performance.now();
const log = (message: string) => console.log(`[bench ${Math.round((performance.now() - benchStarted) / 1000)}s] ${message}`);
if (values.scale) {
  // `npm run bench -- --scale`: the API at 50,000 projects and 5,000 users alone (bench/api-scale.ts).
  await runApiScaleBench({ mode, log, resultsDir });
  process.exit(0);
}
const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-bench-'));
const webRoot = path.join(work, 'web');
const buildDir = path.join(work, 'functions');
const sessionSecret = randomBytes(32).toString('hex');
const mfaEncryptionSecret = randomBytes(32).toString('hex');
const webhookSecret = benchWebhookSecret();

log('building the web app (with its manifest)');
await buildWebWithManifest(webRoot);
const web = await firstLoadWeights(webRoot);

log('starting the local cloud (in memory) in its own process');
const port = await freePort();
const cloud = await startBenchCloud({
  port,
  buildDir,
  webRoot,
  env: { SESSION_SECRET: sessionSecret, MFA_ENCRYPTION_SECRET: mfaEncryptionSecret, STRIPE_WEBHOOK_SECRET: webhookSecret },
});
const base = `http://127.0.0.1:${port}`;
const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), { marshallOptions: { removeUndefinedValues: true } });

try {
  log('seeding');
  const seed = (label: string, projects: number, membersPerProject: number, staff: number, notificationsPerUser: number) =>
    seedOrganization(db, cloud.tableName, {
      label,
      projects,
      membersPerProject,
      staff,
      notificationsPerUser,
      password: PASSWORD,
    });
  const { projects, notificationsPerUser, scaleProjects } = size.seeds;
  const [main, writes, cold, loadOrg, ...scaleOrgs] = await Promise.all([
    seed('bench-main', projects, 5, 9, notificationsPerUser),
    seed('bench-writes', 5, 2, 2, 0),
    seed('bench-cold', 3, 2, 3, 3),
    // bench-main's shape, with an account for every load client.
    seed('bench-load', projects, 5, LOAD_CLIENTS - 1, notificationsPerUser),
    ...scaleProjects.map((count) => seed(`bench-p${count}`, count, 5, 4, 0)),
    seed('bench-m1', 1, 1, 0, 0),
    seed('bench-m20', 1, 20, 19, 0),
    seed('bench-m100', 1, 100, 99, 0),
  ]);
  log('API latency and the DynamoDB floor');
  const latencyAddress = phaseAddresses('latency');
  const [mainCookie, writesCookie] = await Promise.all([
    signIn(base, main.admin.email, PASSWORD, latencyAddress()),
    signIn(base, writes.admin.email, PASSWORD, latencyAddress()),
  ]);
  const floor = await measureFloor(db, cloud.tableName, { orgId: main.orgId, userId: main.admin.id }, seconds.floor);
  const benched: {
    route: string;
    path: string;
    cookie?: string;
    method?: 'GET' | 'POST';
    body?: unknown;
    queries: number;
    connections?: number;
    floor?: 'create-project';
  }[] = [
    { route: 'GET /api/user', path: '/api/user', cookie: mainCookie, queries: 0 },
    { route: 'GET /api/projects', path: '/api/projects', cookie: mainCookie, queries: 1 },
    { route: 'GET /api/projects/{id}', path: `/api/projects/${main.projectIds[0]}`, cookie: mainCookie, queries: 0 },
    // The count is one Query of the person's own notifications (docs/decisions/102).
    { route: 'GET /api/notifications/unread/count', path: '/api/notifications/unread/count', cookie: mainCookie, queries: 1 },
    // The figures item comes with the session; the one Query reads the 200 projects' summaries.
    { route: 'GET /api/dashboard', path: '/api/dashboard', cookie: mainCookie, queries: 1 },
    // Its floor is its own write: the figures item's GetItem and the route's TransactWriteItems.
    {
      route: 'POST /api/projects',
      path: '/api/projects',
      cookie: writesCookie,
      method: 'POST',
      body: { name: 'Bench project', status: 'planning' },
      queries: 0,
      floor: 'create-project',
    },
    // bcrypt (cost 10) is the point of this route: a few connections already fill both cores.
    {
      route: 'POST /api/login',
      path: '/api/login',
      method: 'POST',
      body: { username: writes.staff[0]!.email, password: PASSWORD },
      queries: 0,
      connections: 2,
    },
  ];
  const floorCall = floorCalls(db, cloud.tableName, { orgId: main.orgId, userId: main.admin.id });
  const api: RouteFigure[] = [];
  for (const entry of benched) {
    // A route's own address: POST /api/login's thousands of sign-ins count on no other route's.
    const address = latencyAddress();
    const probe = await callApi(base, entry.path, { method: entry.method, body: entry.body, cookie: entry.cookie, address });
    if (probe.status >= 400) throw new SetUpError(`${entry.route} answered ${probe.status}: ${JSON.stringify(probe.body)}`);
    const target = {
      url: `${base}${entry.path}`,
      method: entry.method ?? 'GET',
      headers: {
        ...fromAddress(address),
        ...(entry.cookie ? { cookie: entry.cookie } : {}),
        ...(entry.body ? { 'content-type': 'application/json' } : {}),
      },
      body: entry.body ? JSON.stringify(entry.body) : undefined,
    } as const;
    let errors = 0;
    let busy = 0;
    let calls = 0;
    const route = async () => {
      calls += 1;
      const response = await fetch(target.url, target);
      await response.arrayBuffer();
      if (response.status >= 400) errors += 1;
      if (response.status === BUSY) busy += 1;
    };
    // The route's calls, straight to DynamoDB: a write its own write; a read its Query (if any) as the Query floor, every other call as a GetItem.
    const floorOfRoute =
      entry.floor === 'create-project'
        ? [floorCall.createProject]
        : [
            ...Array<() => Promise<unknown>>(Math.max(0, probe.dbCalls - entry.queries)).fill(floorCall.getItem),
            ...Array<() => Promise<unknown>>(entry.queries).fill(floorCall.query),
          ];
    const latency = await measureInterleaved(route, floorOfRoute, {
      seconds: seconds.latency,
      minSamples: size.minLatencySamples,
    });
    const throughput = await measureHttp(target, {
      connections: entry.connections ?? 10,
      seconds: seconds.throughput,
      ...size.minThroughputRequests,
    });
    assertMostlySucceeded(entry.route, {
      requests: calls + throughput.requests,
      errors: errors + throughput.errors,
      busy: busy + throughput.busy,
    });
    api.push({
      route: entry.route,
      dbCalls: probe.dbCalls,
      p50: latency.p50,
      p95: latency.p95,
      p99: latency.p99,
      samples: latency.samples,
      rps: throughput.rps,
      loadedP99: throughput.p99,
      errors: errors + throughput.errors,
      throughputConnections: entry.connections ?? 10,
      floorMs: latency.floor.p50,
      ratio: round1(latency.p50 / latency.floor.p50),
    });
    log(`  ${entry.route}: p50 ${latency.p50} ms (floor ${latency.floor.p50} ms), ${throughput.rps} req/s`);
  }

  // The answers that must not tell whether an account exists: the last staff of bench-m100, whom no other phase signs in.
  const signInAnswers = await measureSignInAnswers(
    base,
    scaleOrgs
      .at(-1)!
      .staff.slice(mode === 'full' ? -20 : -3)
      .map((user) => user.email),
    latencyAddress,
  );
  log(
    `  POST /api/login, wrong password: known email p50 ${signInAnswers.knownEmailWrongPasswordP50} ms, unknown email p50 ${signInAnswers.unknownEmailP50} ms`,
  );

  log('scale');
  const scaleAddress = phaseAddresses('scale');
  const scale: BenchResults['scale'] = [];
  const scaleCase = async (label: string, cookie: string, url: string, address: string, items: (body: any) => number) => {
    const probe = await callApi(base, url, { cookie, address });
    if (probe.status !== 200) throw new SetUpError(`${label} answered ${probe.status}: ${JSON.stringify(probe.body)}`);
    const figures = await measureHttp(
      { url: `${base}${url}`, headers: { cookie, ...fromAddress(address) } },
      { connections: 1, seconds: seconds.scale, ...size.minThroughputRequests },
    );
    assertMostlySucceeded(label, figures);
    scale.push({ case: label, items: items(probe.body), dbCalls: probe.dbCalls, ...figures });
  };
  for (const [org, label] of scaleOrgs
    .slice(0, 3)
    .map((org, i) => [org, `GET /api/projects (${scaleProjects[i]} projects)`] as const)) {
    const address = scaleAddress();
    await scaleCase(
      label,
      await signIn(base, org.admin.email, PASSWORD, address),
      '/api/projects',
      address,
      (body) => body.length,
    );
  }
  for (const [org, label] of scaleOrgs
    .slice(3)
    .map((org, i) => [org, `GET /api/projects/{id} (${[1, 20, 100][i]} members)`] as const)) {
    const address = scaleAddress();
    await scaleCase(
      label,
      await signIn(base, org.admin.email, PASSWORD, address),
      `/api/projects/${org.projectIds[0]}`,
      address,
      (body) => body.members.length,
    );
  }

  log('mail through the local outbox');
  const mail = await measureMailDelivery({
    baseUrl: base,
    inboxUrl: cloud.inboxUrl,
    db,
    tableName: cloud.tableName,
    // One reset each (the per-address limit is 5 an hour), each from a client address of its own.
    accountEmails: scaleOrgs[5]!.staff.slice(0, size.resets).map((user) => user.email),
    address: phaseAddresses('mail'),
    mails: size.mails,
  });
  log(`  ${mail.mailsPerSecond} mails/s; request → inbox p50 ${mail.delayP50} ms, p95 ${mail.delayP95} ms`);

  log('automations: a status change to its rule’s comment');
  const automationAddress = phaseAddresses('automations')();
  const automations = await measureAutomationLatency({
    baseUrl: base,
    cookie: await signIn(base, scaleOrgs[5]!.admin.email, PASSWORD, automationAddress),
    address: automationAddress,
    samples: size.automationSamples,
  });
  log(`  change → action visible p50 ${automations.p50} ms, p95 ${automations.p95} ms`);

  log('webhooks: a status change to its signed delivery');
  const webhookAddress = phaseAddresses('webhooks')();
  const webhooks = await measureWebhookLatency({
    baseUrl: base,
    cookie: await signIn(base, scaleOrgs[5]!.admin.email, PASSWORD, webhookAddress),
    address: webhookAddress,
    password: PASSWORD,
    samples: size.automationSamples,
  });
  log(`  change → delivery received p50 ${webhooks.p50} ms, p95 ${webhooks.p95} ms`);

  log('API keys: GET /api/projects with a key beside a session');
  const apiKeyAddress = phaseAddresses('api-keys')();
  const apiKeys = await measureApiKeyLatency({
    baseUrl: base,
    cookie: await signIn(base, scaleOrgs[5]!.admin.email, PASSWORD, apiKeyAddress),
    address: apiKeyAddress,
    password: PASSWORD,
    samples: size.apiKeySamples,
  });
  log(`  key p50 ${apiKeys.keyP50} ms, session p50 ${apiKeys.sessionP50} ms: ×${apiKeys.ratio}`);

  log('assistant: a summary with the local provider, the recommendations at a small and a large organization');
  const assistantAddress = phaseAddresses('assistant')();
  const largest = scaleOrgs.length - 4;
  const assistant = await measureAssistantLatency({
    baseUrl: base,
    address: assistantAddress,
    main: {
      cookie: await signIn(base, main.admin.email, PASSWORD, assistantAddress),
      projects,
      projectId: main.projectIds[0]!,
    },
    small: { cookie: await signIn(base, scaleOrgs[0]!.admin.email, PASSWORD, assistantAddress), projects: scaleProjects[0]! },
    large: {
      cookie: await signIn(base, scaleOrgs[largest]!.admin.email, PASSWORD, assistantAddress),
      projects: scaleProjects[largest]!,
    },
    samples: size.assistantSamples,
  });
  log(
    `  summary (local) p50 ${assistant.summaryLocalP50} ms; recommendations p50 ${assistant.recommendations.smallP50} ms at ${assistant.recommendations.smallProjects} projects, ${assistant.recommendations.largeP50} ms at ${assistant.recommendations.largeProjects}: ×${assistant.recommendations.ratio}`,
  );

  log('cold starts');
  const coldStart = await measureColdStarts(
    buildDir,
    probeEnvironment({
      localAwsEnv: LOCAL_AWS_ENV,
      tableName: cloud.tableName,
      dynamoDbEndpoint: cloud.dynamoDbEndpoint,
      sessionSecret,
      mfaEncryptionSecret,
      webhookSecret,
      port,
    }),
    await coldStartFixture(base, `127.0.0.1:${port}`, cold, PASSWORD, webhookSecret),
    { runs: size.coldRuns, ...(size.coldHandlers === 'own-set-up' ? { only: ownSetUpHandlers() } : {}) },
  );

  log(`Lighthouse (mobile) on ${size.lighthousePages.join(' and ')}`);
  const lighthouse = await runLighthouse(`http://localhost:${port}`, size.lighthousePages);

  log(`writes: 20 clients changing statuses in one organization (one hot project) for ${seconds.writes} s`);
  const writeContention = await measureWriteContention(await seedContention(db, cloud.tableName, base), {
    seconds: seconds.writes,
    fanOutSamples: size.fanOutSamples,
  });
  log(
    `  ${writeContention.changesPerSecond} changes/s, p95 ${writeContention.p95} ms (one client ${writeContention.singleClientP95} ms; hot ${writeContention.hotP95}, cold ${writeContention.coldP95}), ${writeContention.failed} failed, fan-out p95 ${writeContention.fanOut.p95} ms`,
  );
  log(
    `  paced (each client every ${writeContention.paced.everyMs} ms): p95 ${writeContention.paced.p95} ms (hot ${writeContention.paced.hotP95}, cold ${writeContention.paced.coldP95}), ${writeContention.paced.failed} failed of ${writeContention.paced.changes}`,
  );

  log(`browser: /projects first rows and Cmd/Ctrl+K results (${scaleProjects[2].toLocaleString('en')} projects)`);
  const browser = [
    await measureBrowserScale({
      baseUrl: `http://localhost:${port}`,
      email: scaleOrgs[2]!.admin.email,
      password: PASSWORD,
      organization: `${scaleProjects[2].toLocaleString('en')} projects`,
      runs: size.browserRuns,
      queries: size.browserQueries,
      address: phaseAddresses('browser')(),
    }),
  ];
  log(`  first rows p50 ${browser[0]!.firstRowsP50} ms, palette p50 ${browser[0]!.paletteP50} ms`);

  log(`load: ${LOAD_CLIENTS} clients for ${seconds.load} s`);
  const loadStart = Date.now();
  cloud.sampleLiveHeap(true);
  const load = await runLoad({
    baseUrl: base,
    users: [loadOrg.admin, ...loadOrg.staff].map((user) => ({ email: user.email })),
    password: PASSWORD,
    projectIds: loadOrg.projectIds,
    clients: LOAD_CLIENTS,
    seconds: seconds.load,
  });
  cloud.sampleLiveHeap(false);
  const memory = memoryTrend(cloud.rssSince(loadStart), loadStart, load.seconds);
  const liveHeap = memoryTrend(cloud.liveHeapSince(loadStart), loadStart, load.seconds);

  const results: BenchResults = {
    startedAt: new Date(Date.now() - (performance.now() - benchStarted)).toISOString(),
    quick: mode !== 'full',
    mode,
    durationSeconds: Math.round((performance.now() - benchStarted) / 1000),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: round1(os.totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageAtEnd: os.loadavg().map(round1),
    },
    floor,
    api,
    scale,
    coldStart,
    mail,
    automations,
    apiKeys,
    webhooks,
    assistant,
    web: { firstLoad: web, lighthouse },
    browser,
    load: { ...load, memory, liveHeap },
    writeContention,
    signInAnswers,
    goals: [],
  };
  results.goals = judge(results, GOALS);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
  log(`results written to ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
} finally {
  db.destroy();
  await cloud.stop();
  await rm(work, { recursive: true, force: true });
}

// In a cloud of its own, after the others: its 50,000 projects would weigh on every other phase.
await runApiScaleBench({ mode, log, resultsDir });
