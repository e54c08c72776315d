import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';
import { AUTOMATIONS_CONSUMER } from '../../functions/automations/bus-rule';
import { DEFAULT_LOCAL_TABLE_NAME } from '../../functions/db/table-definition';
import type { BusConsumer } from '../../functions/events/bus';
import { MAILER_EVENT_SOURCE, OUTBOX_STREAM_FILTER } from '../../functions/mailer/stream-filter';
import { FAN_OUT_CONSUMER } from '../../functions/notifications/bus-rule';
import { FIGURES_CONSUMER } from '../../functions/projects/bus-rule';
import { routes } from '../../functions/routes';
import { WEBHOOKS_CONSUMER } from '../../functions/webhooks/bus-rule';
import {
  AUTOMATIONS,
  DUE_REMINDERS,
  FAN_OUT,
  FIGURES,
  MAILER,
  OUTBOX_SWEEPER,
  TRIAL_ALERTS,
  WEBHOOKS,
  WEBHOOK_SWEEPER,
  buildFunctions,
} from './build-functions';
import { type DatabaseWorkload, LOCAL_AWS_ENV, ensureTable, startDynamoDbLocal } from './dynamodb-local';
import { type LambdaHandler, createEmulator } from './emulator';
import type { FilterPattern } from './event-filter';
import { loadOnFirstCall } from './load-on-first-call';
import { type MailCatcherOptions, startMailCatcher } from './mail-catcher';
import { type StreamHandler, type StreamPoller, startStreamPoller } from './stream-poller';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A consumer of the change bus, as the local stream poller hands it its records: its rule's patterns
 * (on the record, as the Pipe's filters and the rule's pattern pass it: functions/events/bus.ts), its
 * queue's batches, and a message received up to its queue's count before it is a dead letter (the
 * poller tries again at once, where the queue would wait out the visibility timeout).
 */
const busConsumer = (name: string, consumer: BusConsumer) => ({
  name,
  delivery: 'bus' as const,
  filters: consumer.patterns as FilterPattern[],
  batchSize: consumer.batchSize,
  retryAttempts: consumer.maxReceiveCount - 1,
  bisectBatchOnError: false,
});

/** The functions the table's stream invokes in the cloud (mailer first), directly or through the change bus. */
const STREAM_CONSUMERS = [
  { name: MAILER, filters: [OUTBOX_STREAM_FILTER], ...MAILER_EVENT_SOURCE },
  busConsumer(FAN_OUT, FAN_OUT_CONSUMER),
  busConsumer(FIGURES, FIGURES_CONSUMER),
  busConsumer(AUTOMATIONS, AUTOMATIONS_CONSUMER),
  busConsumer(WEBHOOKS, WEBHOOKS_CONSUMER),
];

interface LocalCloudOptions {
  port: number;
  /**
   * Runs the daily scheduled functions (trial alerts, due-date reminders) at start and every hour,
   * as EventBridge runs them once a day: each is idempotent per day. `npm start` on persistent data
   * only; tests invoke them at chosen instants instead.
   */
  dailyJobs?: boolean;
  /** In-memory DynamoDB Local (tests, `--in-memory`) or persistent under dataDir. */
  inMemory: boolean;
  /**
   * A DynamoDB Local already running (a test suite's) to keep this cloud's table in, instead of one
   * of its own: a Java start less (docs/decisions/029). Left running when the cloud stops.
   */
  sharedDatabase?: { endpoint: string; tableName: string };
  /** DynamoDB Local's port (a free one when omitted): the end-to-end tests seed large data straight into it. */
  dynamoDbPort?: number;
  /** See startDynamoDbLocal: `heavy` for an integration half's database; `light` when omitted. */
  databaseWorkload?: DatabaseWorkload;
  dataDir?: string;
  /** Where the handler bundles go; tests use a folder of their own. */
  buildDir?: string;
  /** The built SPA to serve; omit to serve /api only. */
  webRoot?: string;
  /** More origins allowed to send state-changing requests (the Vite dev server). */
  extraOrigins?: string[];
  /** Where mail links point when the app is served elsewhere (the Vite dev server); default: this cloud's URL. */
  siteUrl?: string;
  /** Extra environment for the handlers (e.g. EXPOSE_DB_CALLS, LOG_LEVEL). */
  env?: Record<string, string>;
  /** The local inbox's ports (MAIL_SMTP_PORT, MAIL_UI_PORT for `npm start`); omitted: free ones. */
  mail?: MailCatcherOptions;
  /** See EmulatorOptions.clientAddressHeader (the tests). */
  clientAddressHeader?: string;
  /** See EmulatorOptions.serveSourceMaps (`npm start -- --source-maps`). */
  serveSourceMaps?: boolean;
}

export interface LocalCloud {
  url: string;
  dynamoDbEndpoint: string;
  tableName: string;
  /** maildev's web inbox; `${inboxUrl}/api/email` (maildev 3's REST API) lists every message sent (subject, to, text, html). */
  inboxUrl: string;
  mailSmtpPort: number;
  /** Outbox records the mailer failed on every retry (the cloud's dead-letter queue). */
  mailDeadLetters: DynamoDBRecord[];
  /** DynamoDB Local itself, stopped and started again on the same port (and, when persistent, the same data): the fault test's outage. Not for a shared one. */
  database: { stop: () => Promise<void>; start: () => Promise<void> };
  stop: () => Promise<void>;
}

/**
 * The whole product on one machine: DynamoDB Local, the table, the handler bundles and the
 * emulator on one port, the mail catcher, and the stream poller that hands new outbox items to the
 * mailer and new notification events to the fan-out, as the cloud's event source mappings do. `npm start`, `npm run dev` and the tests all
 * start it through here.
 */
export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = options.dataDir ?? path.join(PROJECT_ROOT, '.data');
  const buildDir = options.buildDir ?? path.join(PROJECT_ROOT, '.build', 'functions');
  Object.assign(process.env, LOCAL_AWS_ENV);
  const dynamoDataDir = options.inMemory ? undefined : path.join(dataDir, 'dynamodb');
  const shared = options.sharedDatabase;
  const [started, bundles, mail] = await Promise.all([
    shared
      ? { endpoint: shared.endpoint, stop: async () => {} }
      : startDynamoDbLocal({ dataDir: dynamoDataDir, port: options.dynamoDbPort, workload: options.databaseWorkload }),
    buildFunctions(buildDir),
    startMailCatcher(options.mail),
  ]);
  let dynamo = started;
  const tableName = shared?.tableName ?? DEFAULT_LOCAL_TABLE_NAME;
  const url = `http://localhost:${options.port}`;
  let poller: StreamPoller | undefined;
  try {
    await ensureTable(dynamo.endpoint, tableName);
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      STAGE: 'local',
      // As Lambda sets it for a function started on demand: Powertools reports cold starts only then.
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      // DynamoDB Local is slower than DynamoDB, and much slower on a crowded machine (functions/db/client.ts).
      DYNAMODB_REQUEST_TIMEOUT_MS: '8000',
      APP_ORIGINS: [url, `http://127.0.0.1:${options.port}`, ...(options.extraOrigins ?? [])].join(','),
      // The mailer sends over SMTP to the local catcher, with links to this app.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.smtpPort),
      MAIL_FROM: 'Growthwise <no-reply@growthwise.localhost>',
      SITE_URL: options.siteUrl ?? url,
      ...options.env,
    });
    process.env.SESSION_SECRET = await localSecret('SESSION_SECRET', 'session-secret', options.inMemory ? undefined : dataDir);
    process.env.MFA_ENCRYPTION_SECRET = await localSecret(
      'MFA_ENCRYPTION_SECRET',
      'mfa-encryption-secret',
      options.inMemory ? undefined : dataDir,
    );
    // Each bundle is imported on its route's first request, as Lambda starts a function: startup stays quick.
    const handlers = new Map<string, LambdaHandler>([...bundles].map(([handler, file]) => [handler, loadOnFirstCall(file)]));
    const server = createEmulator({
      routes,
      handlers,
      webRoot: options.webRoot,
      clientAddressHeader: options.clientAddressHeader,
      serveSourceMaps: options.serveSourceMaps,
    });
    poller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      tableName,
      consumers: STREAM_CONSUMERS.map((consumer) => ({
        ...consumer,
        handler: handlers.get(consumer.name) as unknown as StreamHandler,
      })),
    });
    await listen(server, options.port);
    const dailyJobs = options.dailyJobs
      ? runDailyJobsHourly([TRIAL_ALERTS, DUE_REMINDERS].map((name) => handlers.get(name)!))
      : undefined;
    // The later tries of the outbox and of the fan-out's parked records, every 5 minutes as the schedule runs them in the cloud (`npm start`; tests call them).
    const sweeps = options.dailyJobs
      ? setInterval(
          () =>
            runJobs(
              [OUTBOX_SWEEPER, FAN_OUT].map((name) => handlers.get(name)!),
              'A sweeper',
            ),
          SWEEP_MS,
        ).unref()
      : undefined;
    // The webhook deliveries' later tries, every minute as their schedule runs in the cloud (`npm start`; tests call it at chosen instants).
    const webhookSweeps = options.dailyJobs
      ? setInterval(() => runJobs([handlers.get(WEBHOOK_SWEEPER)!], 'The webhook sweeper'), WEBHOOK_SWEEP_MS).unref()
      : undefined;
    return {
      url,
      dynamoDbEndpoint: dynamo.endpoint,
      tableName,
      inboxUrl: mail.inboxUrl,
      mailSmtpPort: mail.smtpPort,
      mailDeadLetters: poller.deadLetters[MAILER]!,
      database: {
        stop: () => dynamo.stop(),
        start: async () => {
          if (shared) throw new Error('A cloud on a shared DynamoDB Local does not restart it');
          dynamo = await startDynamoDbLocal({
            dataDir: dynamoDataDir,
            port: Number(new URL(started.endpoint).port),
            workload: options.databaseWorkload,
          });
        },
      },
      stop: async () => {
        if (dailyJobs) clearInterval(dailyJobs);
        if (sweeps) clearInterval(sweeps);
        if (webhookSweeps) clearInterval(webhookSweeps);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await poller?.stop();
        await mail.stop();
        await dynamo.stop();
      },
    };
  } catch (error) {
    await poller?.stop();
    await mail.stop();
    await dynamo.stop();
    throw error;
  }
}

const HOUR_MS = 60 * 60 * 1000;

/** The scheduled functions, now and then every hour (a failure is logged, never fatal: the next hour retries). */
function runDailyJobsHourly(jobs: LambdaHandler[]): NodeJS.Timeout {
  const run = () => runJobs(jobs, 'A daily job');
  run();
  return setInterval(run, HOUR_MS).unref();
}

const SWEEP_MS = 5 * 60 * 1000;
const WEBHOOK_SWEEP_MS = 60 * 1000;

function runJobs(jobs: LambdaHandler[], what: string) {
  void Promise.all(jobs.map((job) => (job as unknown as (event: unknown) => Promise<unknown>)({}))).catch((error: unknown) =>
    console.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`),
  );
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Both loopback families, so localhost (::1 or 127.0.0.1) and 127.0.0.1 reach it.
    server.listen(port, () => resolve());
  });
}

/**
 * Persistent data keeps its secrets (the session signing key, the two-factor encryption key), so
 * sessions and two-factor survive a restart; in memory gets fresh ones.
 */
async function localSecret(variable: string, fileName: string, dataDir: string | undefined): Promise<string> {
  const given = process.env[variable];
  if (given) return given;
  if (!dataDir) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, fileName);
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
