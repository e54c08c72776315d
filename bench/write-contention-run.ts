import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { seedOrganization } from '../infra/local/seed';
import { startBenchCloud } from './cloud';
import { measureWriteContention } from './write-contention';

/**
 * `npm run bench:writes` (`-- --seconds 30`): the write phase of the bench alone, on a fresh
 * in-memory local cloud. Its seeding is what bench/run.ts seeds for the phase.
 */
const PASSWORD = 'bench-password';
const CLIENTS = 20;

/** One organization: 40 projects of 5 members, and CLIENTS staff of their own who change them. */
export async function seedContention(db: DynamoDBDocumentClient, tableName: string, base: string) {
  const org = await seedOrganization(db, tableName, {
    label: 'bench-contention',
    projects: 40,
    membersPerProject: 5,
    staff: 5 + CLIENTS,
    notificationsPerUser: 0,
    password: PASSWORD,
  });
  return {
    base,
    password: PASSWORD,
    // The hot project's members are the first five users (the admin and staff 1-4): the clients are the others.
    emails: org.staff.slice(4, 4 + CLIENTS).map((user) => user.email),
    hotProjectId: org.projectIds[0]!,
    coldProjectIds: org.projectIds.slice(1),
    memberEmail: org.staff[0]!.email,
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  // Read only when run itself: bench/run.ts imports seedContention, and its own flags (--scale, --quick) are not these.
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '30' }, 'fan-out-samples': { type: 'string', default: '20' } },
  });
  const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-bench-writes-'));
  const port = await freePort();
  const cloud = await startBenchCloud({
    port,
    buildDir: path.join(work, 'functions'),
    env: { SESSION_SECRET: randomBytes(32).toString('hex'), MFA_ENCRYPTION_SECRET: randomBytes(32).toString('hex') },
  });
  try {
    const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), {
      marshallOptions: { removeUndefinedValues: true },
    });
    const org = await seedContention(db, cloud.tableName, `http://127.0.0.1:${port}`);
    const figures = await measureWriteContention(org, {
      seconds: Number(values.seconds),
      fanOutSamples: Number(values['fan-out-samples']),
    });
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await cloud.stop();
    await rm(work, { recursive: true, force: true });
  }
}
