import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal, ensureTable, localClient, LOCAL_AWS_ENV } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { startLocalCloud } from '../infra/local/local-cloud';
import { compareTables, exportTable, importTable } from '../infra/local/restore-drill';
import { seedOrganization } from '../infra/local/seed';

/**
 * `npm run restore-drill`: the local half of docs/runbook.md's restore. Seeds a table (small data),
 * exports it as DynamoDB's export to S3 writes it, restores the export into a new table made from the
 * stack's definition, starts the app on the restored table and signs in there, and compares every item.
 * Exits 1 when an item differs or the app cannot read its data.
 */
Object.assign(process.env, LOCAL_AWS_ENV);
const scratch = await mkdtemp(path.join(os.tmpdir(), 'growthwise-restore-'));
const dynamo = await startDynamoDbLocal({});
/** True when every item came back and the app reads its data on the restored table. */
async function drill(): Promise<boolean> {
  const source = 'growthwise-drill-source';
  await ensureTable(dynamo.endpoint, source);
  const seeded = await seedOrganization(DynamoDBDocumentClient.from(localClient(dynamo.endpoint)), source, {
    label: 'Drill',
    projects: 20,
    membersPerProject: 3,
    staff: 4,
    notificationsPerUser: 2,
    invitations: 2,
    password: 'drill-password-1',
  });
  const file = path.join(scratch, 'export.json');
  const exported = await exportTable(dynamo.endpoint, source, file);
  const restored = `growthwise-restored-${Date.now()}`;
  const imported = await importTable(dynamo.endpoint, file, restored);
  const { compared, differing } = await compareTables(dynamo.endpoint, source, restored);
  console.log(
    `Restore drill: exported ${exported} items, imported ${imported}; ${compared} items compared, ${differing.length} differ.`,
  );
  for (const key of differing) console.log(`  differs: ${key}`);

  const app = await startLocalCloud({
    port: await freePort(),
    inMemory: true,
    sharedDatabase: { endpoint: dynamo.endpoint, tableName: restored },
    buildDir: path.join(scratch, 'functions'),
  });
  try {
    const signIn = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ username: seeded.admin.email, password: seeded.password }),
    });
    const cookie = (signIn.headers.getSetCookie?.() ?? []).map((value) => value.split(';')[0]).join('; ');
    const projects = await fetch(`${app.url}/api/projects`, { headers: { cookie } });
    const listed = projects.ok ? ((await projects.json()) as unknown[]).length : 0;
    console.log(
      `The app on the restored table: sign-in ${signIn.status}, GET /api/projects ${projects.status} with ${listed} of ${seeded.projectIds.length} projects.`,
    );
    return differing.length === 0 && exported > 0 && signIn.status === 200 && listed === Math.min(seeded.projectIds.length, 100);
  } finally {
    await app.stop();
  }
}

let passed: boolean;
try {
  passed = await drill();
} finally {
  await dynamo.stop();
  await rm(scratch, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
