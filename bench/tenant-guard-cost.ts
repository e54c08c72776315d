import './local-aws-env';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { organizationKeys } from '../functions/organization/keys';
import { projectKeys } from '../functions/projects/keys';
import { sessionKeys } from '../functions/sessions/keys';
import { userKeys } from '../functions/user/keys';
import { ensureTable, startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { percentile, round1 } from './stats';

/**
 * `npm run bench:tenant` (issue 38, items 3-4; docs/decisions/051 and 052): what the tenant guard and
 * the organization's request budget add to a signed-in request.
 * - The guard: its check of each DynamoDB call, in-process, for the shapes a request sends (the session's
 *   BatchGetItem of three keys, a GetItem, a Query, a transaction of six writes), per call.
 * - The budget: spendOrganizationBudget for one organization at a steady rate against DynamoDB Local, as
 *   one warm function sees it: most requests answer from memory; at most one a second syncs with the
 *   shared counter (an UpdateItem, and once per minute the previous window's read).
 * Prints p50/p95 and the DynamoDB calls the budget made, with the machine's load average.
 */
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rate: { type: 'string', default: '100' } },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);

const OWN = '01JBENCHORGANIZATION000000';
const USER = '01JBENCHUSER00000000000000';

async function measureGuard() {
  const { enterTenant, refuseOtherTenants, runInTenantScope } = await import('../functions/db/tenant-guard');
  const calls: [string, Record<string, unknown>][] = [
    [
      'BatchGetItemCommand',
      {
        RequestItems: {
          t: { Keys: [sessionKeys.session(USER, 's1'), userKeys.user(OWN, USER), organizationKeys.organization(OWN)] },
        },
      },
    ],
    ['GetItemCommand', { Key: projectKeys.project(OWN, 'p1') }],
    [
      'QueryCommand',
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': `ORG#${OWN}`, ':prefix': 'PROJECT#' },
      },
    ],
    [
      'TransactWriteItemsCommand',
      {
        TransactItems: Array.from({ length: 6 }, (_, index) => ({
          Put: { Item: { ...projectKeys.projectWord(OWN, `w${index}`, 'p1') } },
        })),
      },
    ],
  ];
  const BATCH = 1000;
  const perCall: Record<string, number[]> = {};
  for (const [command, input] of calls) {
    const samples: number[] = [];
    for (let batch = 0; batch < 200; batch += 1) {
      // A request's scope, as defineRoute opens one: the guard records what each call names in it.
      await runInTenantScope(async () => {
        enterTenant(OWN);
        const started = performance.now();
        for (let index = 0; index < BATCH; index += 1) refuseOtherTenants(command, input);
        samples.push(((performance.now() - started) * 1000) / BATCH);
      });
    }
    perCall[command] = samples.slice(20); // the first batches warm the JIT
  }
  return Object.fromEntries(
    Object.entries(perCall).map(([command, samples]) => [
      command,
      { p50Us: percentile(samples, 50), p95Us: percentile(samples, 95) },
    ]),
  );
}

async function measureBudget() {
  const dynamo = await startDynamoDbLocal({});
  const tableName = 'bench-tenant-cost';
  await ensureTable(dynamo.endpoint, tableName);
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: tableName,
    POWERTOOLS_METRICS_DISABLED: 'true',
    LOG_LEVEL: 'error',
  });
  try {
    const { attributeValueClient } = await import('../functions/db/client');
    const { spendOrganizationBudget } = await import('../functions/throttles/organization-budget');
    let dbCalls = 0;
    attributeValueClient.middlewareStack.add(
      (next) => (args) => {
        dbCalls += 1;
        return next(args);
      },
      { step: 'initialize', name: 'benchCountCalls' },
    );
    // The first call opens the connection: not a request's cost.
    await spendOrganizationBudget('01JBENCHWARMUP000000000000', 'enterprise');
    dbCalls = 0;
    const durations: number[] = [];
    const syncs: number[] = [];
    const interval = 1000 / RATE;
    const started = performance.now();
    for (let index = 0; index < SECONDS * RATE; index += 1) {
      const due = started + index * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const before = dbCalls;
      const at = performance.now();
      const answer = await spendOrganizationBudget(OWN, 'enterprise');
      const took = performance.now() - at;
      if (!answer.allowed) throw new Error('the bench organization ran out of budget: lower --rate');
      durations.push(took);
      if (dbCalls > before) syncs.push(took);
    }
    const requests = durations.length;
    return {
      requests,
      seconds: SECONDS,
      dbCalls,
      dbCallsPerRequest: Math.round((dbCalls / requests) * 1000) / 1000,
      syncedRequests: syncs.length,
      allP50Ms: percentile(durations, 50),
      allP95Ms: percentile(durations, 95),
      allP99Ms: percentile(durations, 99),
      syncP50Ms: percentile(syncs, 50),
      syncP95Ms: percentile(syncs, 95),
    };
  } finally {
    await dynamo.stop();
  }
}

const loadBefore = os.loadavg().map(round1);
const guard = await measureGuard();
const budget = await measureBudget();
const loadAfter = os.loadavg().map(round1);
console.log(
  JSON.stringify(
    { cores: os.cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadAfter, guardPerCall: guard, budget },
    null,
    2,
  ),
);
process.exit(0);
