import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_LOCAL_TABLE_NAME } from '../functions/db/table-definition';
import { type DynamoDbLocal, LOCAL_AWS_ENV, ensureTable, localClient, startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { PROJECT_ROOT } from '../infra/local/local-cloud';
import { seedOrganization } from '../infra/local/seed';

/**
 * `npm run seed`: a demo organization in the local database that `npm start` uses (.data/, or
 * --data-dir as `npm start -- --data-dir DIR` takes it). Talks to the DynamoDB Local that `npm start`
 * runs when there is one (or to --endpoint), else starts its own on that folder for the time of the seed.
 *   npm run seed -- --projects 1000 --members 20 --notifications 200 --staff 10
 */
const { values } = parseArgs({
  options: {
    endpoint: { type: 'string' },
    'data-dir': { type: 'string' },
    projects: { type: 'string', default: '12' },
    members: { type: 'string', default: '3' },
    staff: { type: 'string', default: '4' },
    notifications: { type: 'string', default: '8' },
    label: { type: 'string' },
    password: { type: 'string', default: 'growthwise-demo' },
    table: { type: 'string', default: DEFAULT_LOCAL_TABLE_NAME },
  },
});

const count = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number ≥ 0`);
  return value;
};

Object.assign(process.env, LOCAL_AWS_ENV);
const dbDir = path.join(path.resolve(values['data-dir'] ?? path.join(PROJECT_ROOT, '.data')), 'dynamodb');
const started = performance.now();
let own: DynamoDbLocal | undefined;
const endpoint =
  values.endpoint ?? (await runningEndpoint(dbDir)) ?? (own = await startDynamoDbLocal({ dataDir: dbDir })).endpoint;
try {
  await ensureTable(endpoint, values.table);
  const db = DynamoDBDocumentClient.from(localClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  const label = values.label ?? `demo-${Date.now().toString(36)}`;
  const org = await seedOrganization(db, values.table, {
    label,
    projects: count('projects'),
    membersPerProject: count('members'),
    staff: count('staff'),
    notificationsPerUser: count('notifications'),
    password: values.password,
  });
  db.destroy();
  console.log(
    `Seeded "${org.name}" (${org.items} items, ${Math.round(performance.now() - started)} ms) into ${endpoint}${own ? ` (${values['data-dir'] ?? '.data'})` : ''}.`,
  );
  console.log(`Sign in at http://localhost:3000/auth with password "${org.password}":`);
  console.log(`  admin  ${org.admin.email}  (${org.admin.fullName})`);
  for (const user of org.staff.slice(0, 5)) console.log(`  staff  ${user.email}  (${user.fullName})`);
  if (org.staff.length > 5) console.log(`  ... and ${org.staff.length - 5} more staff (staff6@, staff7@ ... the same domain)`);
} finally {
  await own?.stop();
}

/**
 * The endpoint of a DynamoDB Local already serving dbDir (`npm start` running): two processes on
 * one database file would overwrite each other's writes, so the seed joins the running one.
 */
async function runningEndpoint(dir: string): Promise<string | undefined> {
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((name) => /^\d+$/.test(name))) {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
    const dbPath = args[args.indexOf('-dbPath') + 1];
    const port = args[args.indexOf('-port') + 1];
    if (args.includes('-dbPath') && args.includes('-port') && dbPath && path.resolve(dbPath) === dir)
      return `http://127.0.0.1:${port}`;
  }
  return undefined;
}
