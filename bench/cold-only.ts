import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { handlerName } from '../functions/routes';
import { LOCAL_AWS_ENV, localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { seedOrganization } from '../infra/local/seed';
import { startBenchCloud } from './cloud';
import { REFERENCE_NAME, measureColdStarts } from './cold-start';
import { coldStartFixture, probeEnvironment } from './cold-start-fixture';
import { comparisonTable, summarizeProfiles } from './profile-summary';
import { benchWebhookSecret } from './stripe-deliveries';

/**
 * `npm run bench:cold -- [--runs N] [--profile DIR] [handler ...]`: the cold-start phase of the bench
 * alone, for some handlers, to work on one handler's cold start without the whole bench; with
 * --profile, as many CPU profiles per handler as runs (open one in Chrome's DevTools), and per
 * handler where its import and first request spent CPU beside the reference's, by package or folder of
 * ours through the bundle's source map (bench/profile-summary.ts). The figures for the record come
 * from `npm run bench`.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '10' }, profile: { type: 'string' } },
});
const PASSWORD = 'bench-password';
const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-cold-only-'));
const sessionSecret = randomBytes(32).toString('hex');
const mfaEncryptionSecret = randomBytes(32).toString('hex');
const webhookSecret = benchWebhookSecret();
const port = await freePort();
const cloud = await startBenchCloud({
  port,
  buildDir: path.join(work, 'functions'),
  env: { SESSION_SECRET: sessionSecret, MFA_ENCRYPTION_SECRET: mfaEncryptionSecret, STRIPE_WEBHOOK_SECRET: webhookSecret },
});
const base = `http://127.0.0.1:${port}`;
const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), { marshallOptions: { removeUndefinedValues: true } });
try {
  const cold = await seedOrganization(db, cloud.tableName, {
    label: 'bench-cold',
    projects: 3,
    membersPerProject: 2,
    staff: 3,
    notificationsPerUser: 3,
    password: PASSWORD,
  });
  const result = await measureColdStarts(
    path.join(work, 'functions'),
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
    {
      runs: Number(values.runs),
      ...(positionals.length ? { only: positionals } : {}),
      ...(values.profile ? { profileDir: path.resolve(values.profile) } : {}),
    },
  );
  console.log(
    `empty process ${result.emptyProcessMs.toFixed(1)} ms; reference ${result.reference.coldMs} ms (import ${result.reference.importMs.toFixed(1)}, first request ${result.reference.firstRequestMs.toFixed(1)})`,
  );
  console.log(
    '| handler | cold ms | over the reference ms | import over the reference ms | first request ms | CPU over the reference ms | beyond its DynamoDB calls ms | status |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of result.figures)
    console.log(
      `| ${f.handler} | ${f.coldMs} | ${f.overReferenceMs} | ${f.importOverReferenceMs} | ${f.firstRequestMs.toFixed(1)} | ${f.cpuOverReferenceMs} | ${f.beyondDbOverReferenceMs ?? ''} | ${f.status} |`,
    );
  if (values.profile)
    await printProfileSummaries(
      path.resolve(values.profile),
      path.join(work, 'functions'),
      result.figures.map((f) => f.handler),
    );
} finally {
  db.destroy();
  await cloud.stop();
  await rm(work, { recursive: true, force: true });
}

/** Per profiled handler, its CPU by source beside the reference's, for the import and the first request. */
async function printProfileSummaries(profileDir: string, buildDir: string, handlers: string[]) {
  const reference = await summarizeProfiles(profileDir, 'reference', path.join(buildDir, REFERENCE_NAME, 'index.mjs'));
  for (const handler of handlers) {
    const own = await summarizeProfiles(
      profileDir,
      handlerName({ handler }),
      path.join(buildDir, handlerName({ handler }), 'index.mjs'),
    );
    console.log(
      `\n${handler}: CPU by source, mean of ${own.profiles} profiles (the reference's of ${reference.profiles})\n\nImport:\n\n${comparisonTable(own.import, reference.import)}\n\nFirst request:\n\n${comparisonTable(own.request, reference.request)}`,
    );
  }
}
