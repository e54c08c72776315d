import './local-aws-env';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { projectCollections } from '../functions/projects/keys';
import { localClient } from '../infra/local/dynamodb-local';
import { freePort } from '../infra/local/free-port';
import { type SeededOrganization, seedOrganization } from '../infra/local/seed';
import { signIn } from './api-client';
import { fromAddress, phaseAddresses } from './client-addresses';
import { startBenchCloud } from './cloud';
import { round1 } from './stats';

/**
 * `npm run bench:provisioning`: the people side of issue 62 at the size an enterprise reaches, each
 * beside a small organization's figure, on a fresh in-memory local cloud:
 * - a SCIM full sync (GET /api/scim/v2/Users page by page, 100 a page, as an identity provider reads
 *   all its people): pages, DynamoDB calls and read units in all, and the wall time;
 * - an admin's removal of a person who is a member of every project (500, and 5): the request's
 *   calls and time, and how long until the last project's member set no longer names them.
 */

const PASSWORD = 'bench-password';
const PAGE = 100;

interface Answer {
  status: number;
  body: any;
  calls: number;
  readUnits: number;
  ms: number;
}

async function call(base: string, pathName: string, init: RequestInit & { headers: Record<string, string> }): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}${pathName}`, init);
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    calls: Number(response.headers.get('x-db-calls') ?? NaN),
    readUnits: Number(response.headers.get('x-db-read-units') ?? NaN),
    ms: performance.now() - started,
  };
}

const address = phaseAddresses('api-scale');

async function signedIn(base: string, org: SeededOrganization) {
  const from = address();
  const cookie = await signIn(base, org.admin.email, PASSWORD, from);
  const headers = { cookie, 'content-type': 'application/json', ...fromAddress(from) };
  const stepUp = await call(base, '/api/user/step-up', { method: 'POST', headers, body: JSON.stringify({ password: PASSWORD }) });
  if (stepUp.status !== 204) throw new Error(`step-up answered ${stepUp.status}`);
  return headers;
}

/** Every person through SCIM, a page of 100 at a time from startIndex 1, as an identity provider's full sync. */
async function fullSync(base: string, org: SeededOrganization) {
  const headers = await signedIn(base, org);
  const token = await call(base, '/api/organization/scim-tokens', {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bench' }),
  });
  if (token.status !== 201) throw new Error(`creating a SCIM token answered ${token.status}`);
  const bearer = { authorization: `Bearer ${token.body.token}`, ...fromAddress(address()) };
  let startIndex = 1;
  let people = 0;
  let pages = 0;
  let calls = 0;
  let readUnits = 0;
  const started = performance.now();
  const pageMs: number[] = [];
  for (;;) {
    const page = await call(base, `/api/scim/v2/Users?startIndex=${startIndex}&count=${PAGE}`, { headers: bearer });
    if (page.status !== 200) throw new Error(`page at ${startIndex} answered ${page.status}: ${JSON.stringify(page.body)}`);
    pages += 1;
    calls += page.calls;
    readUnits += page.readUnits;
    pageMs.push(page.ms);
    const resources = (page.body.Resources ?? []) as unknown[];
    people += resources.length;
    if (resources.length < PAGE || people >= page.body.totalResults) break;
    startIndex += resources.length;
  }
  pageMs.sort((a, b) => a - b);
  return {
    people,
    pages,
    calls,
    readUnits: round1(readUnits),
    readUnitsPerPerson: round1(readUnits / people),
    wallMs: round1(performance.now() - started),
    pageP50Ms: round1(pageMs[Math.floor(pageMs.length / 2)]!),
  };
}

/** An admin removes a person on every project; then how long until no project's member set names them. */
async function removal(base: string, db: DynamoDBDocumentClient, tableName: string, org: SeededOrganization) {
  const headers = await signedIn(base, org);
  const person = org.staff[0]!;
  const started = performance.now();
  const removed = await call(base, `/api/organization/users/${person.id}`, { method: 'DELETE', headers });
  if (removed.status !== 200 && removed.status !== 204) throw new Error(`the removal answered ${removed.status}`);
  const collection = projectCollections.memberSetsOfOrganization(org.orgId);
  const stillNaming = async () => {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': collection.PK, ':prefix': collection.prefix },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      count += (page.Items ?? []).filter((set) => (set.memberIds as string[]).includes(person.id)).length;
      start = page.LastEvaluatedKey;
    } while (start);
    return count;
  };
  for (;;) {
    const left = await stillNaming();
    if (left === 0) break;
    if (performance.now() - started > 120_000) throw new Error(`${left} projects still named the person after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    projects: org.projectIds.length,
    requestStatus: removed.status,
    requestCalls: removed.calls,
    requestMs: round1(removed.ms),
    allProjectsLeftMs: round1(performance.now() - started),
  };
}

export interface ProvisioningFigures {
  sync: { large: Awaited<ReturnType<typeof fullSync>>; small: Awaited<ReturnType<typeof fullSync>> };
  removals: { large: Awaited<ReturnType<typeof removal>>; small: Awaited<ReturnType<typeof removal>> };
}

/**
 * Both measurements in a cloud that already holds a large and a small organization (the scale
 * bench's, or this script's): the removals' two organizations of 4 people on 500 and 5 projects are
 * seeded here.
 */
export async function measureProvisioning(
  base: string,
  db: DynamoDBDocumentClient,
  tableName: string,
  orgs: { large: SeededOrganization; small: SeededOrganization },
): Promise<ProvisioningFigures> {
  const seedRemoval = (label: string, projects: number) =>
    seedOrganization(db, tableName, {
      label,
      projects,
      membersPerProject: 4,
      staff: 3,
      notificationsPerUser: 0,
      notifiedUsers: 0,
      password: PASSWORD,
    });
  const [onMany, onFew] = [await seedRemoval('prov-removal-large', 500), await seedRemoval('prov-removal-small', 5)];
  return {
    sync: { large: await fullSync(base, orgs.large), small: await fullSync(base, orgs.small) },
    removals: { large: await removal(base, db, tableName, onMany), small: await removal(base, db, tableName, onFew) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const log = (message: string) =>
    console.log(`[bench:provisioning ${Math.round((performance.now() - started) / 1000)}s] ${message}`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'growthwise-bench-provisioning-'));
  const port = await freePort();
  const cloud = await startBenchCloud({
    port,
    buildDir: path.join(work, 'functions'),
    env: {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MFA_ENCRYPTION_SECRET: randomBytes(32).toString('hex'),
      EXPOSE_DB_CALLS: '1',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const db = DynamoDBDocumentClient.from(localClient(cloud.dynamoDbEndpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const seed = (label: string, people: number) =>
    seedOrganization(db, cloud.tableName, {
      label,
      projects: 1,
      membersPerProject: 1,
      staff: people - 1,
      notificationsPerUser: 0,
      notifiedUsers: 0,
      password: PASSWORD,
    });
  try {
    log('seeding 5,000 and 50 people, and two organizations of 4 people on 500 and 5 projects each');
    const figures = await measureProvisioning(base, db, cloud.tableName, {
      large: await seed('prov-large', 5_000),
      small: await seed('prov-small', 50),
    });
    console.log(JSON.stringify({ ...figures, loadAverageAtEnd: os.loadavg().map(round1) }, null, 2));
  } finally {
    db.destroy();
    await cloud.stop();
    await rm(work, { recursive: true, force: true });
  }
}
