import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InitializeMiddleware, MetadataBearer } from '@smithy/types';
import { dynamoDbEndpoint, dynamoDbRequestTimeoutMs, tableName, tenantTableRoleArn } from '../config';
import { requestScoped } from '../observability/request-scope';
import { countRead, countReadUnits, countWrite, startCall } from './call-counter';
import { withinDeadline } from './deadline';
import { DEFAULT_LOCAL_TABLE_NAME } from './table-definition';
import { type TenantCredentials, tenantCredentials } from './tenant-credentials';
import { refuseOtherTenants } from './tenant-guard';

/**
 * How long the client waits and how often it tries (docs/decisions/019b). One call takes at most
 * MAX_ATTEMPTS × (CONNECTION_TIMEOUT_MS + REQUEST_TIMEOUT_MS) plus the backoff between attempts
 * (at most 1.5 s, for throttling): 9 s, inside the function's 10 s (HANDLER_TIMEOUT_SECONDS), and the
 * handler's chain answers 503 before the function's timeout whatever the number of calls
 * (define-route.ts). The standard retry mode also keeps a retry quota per client: once a run of
 * failures has spent it, calls fail at once instead of multiplying the load on a struggling table.
 */
export const DB_CLIENT_LIMITS = {
  CONNECTION_TIMEOUT_MS: 500,
  // DynamoDB answers in milliseconds; DynamoDB Local on a crowded laptop or CI box may take seconds,
  // so the local cloud sets a longer wait (local-cloud.ts); its emulator gives a handler the cloud's
  // HANDLER_TIMEOUT_SECONDS, and a route's calls end at the request's deadline whatever their attempts
  // add up to (db/deadline.ts), so a hung call is answered 503 there as in the cloud.
  REQUEST_TIMEOUT_MS: dynamoDbRequestTimeoutMs() ?? 2_000,
  MAX_ATTEMPTS: 3,
} as const;

const endpoint = dynamoDbEndpoint();
/** A client with the stage's settings: the function's own credentials, or the tenant role's for one organization. */
const newClient = (credentials?: () => Promise<TenantCredentials>) =>
  instrumented(
    new DynamoDBClient({
      // Locally DYNAMODB_ENDPOINT points at DynamoDB Local; in Lambda it is unset.
      ...(endpoint ? { endpoint } : {}),
      ...(credentials ? { credentials } : {}),
      retryMode: 'standard',
      maxAttempts: DB_CLIENT_LIMITS.MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: DB_CLIENT_LIMITS.CONNECTION_TIMEOUT_MS,
        requestTimeout: DB_CLIENT_LIMITS.REQUEST_TIMEOUT_MS,
        // Without it the request timeout only logs a warning and the call waits on.
        throwOnRequestTimeout: true,
      },
    }),
  );

const READS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand']);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);
interface CapacityEntry {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}
type Capacity = CapacityEntry | CapacityEntry[] | undefined;
const unitsOf = (capacity: Capacity) => [capacity ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
/** With ReturnConsumedCapacity INDEXES: the table's units and its indexes' apart. */
const writeUnitsOf = (capacity: Capacity) =>
  [capacity ?? []].flat().reduce(
    (sum, entry) => {
      const indexes = Object.values(entry.GlobalSecondaryIndexes ?? {}).reduce(
        (total, index) => total + (index.CapacityUnits ?? 0),
        0,
      );
      return {
        table: sum.table + (entry.Table?.CapacityUnits ?? (entry.CapacityUnits ?? 0) - indexes),
        indexes: sum.indexes + indexes,
      };
    },
    { table: 0, indexes: 0 },
  );

type KeyValue = string | { S?: string } | undefined;
type Written = { PK?: KeyValue; SK?: KeyValue } | undefined;
const text = (value: KeyValue) => (typeof value === 'string' ? value : (value?.S ?? ''));
const keyText = (item: Written) => `${text(item?.PK)} ${text(item?.SK)}`;

/** The keys of the items a write command names (before or after the DocumentClient marshalled them). */
function writtenKeys(input: Record<string, unknown>): string[] {
  const single = (input.Item ?? input.Key) as Written;
  if (single) return [keyText(single)];
  const transact = (input.TransactItems ?? []) as {
    Put?: { Item: Written };
    Update?: { Key: Written };
    Delete?: { Key: Written };
  }[];
  const batch = Object.values(
    (input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Written }; DeleteRequest?: { Key: Written } }[]>,
  ).flat();
  return [
    ...transact.flatMap((item) =>
      item.Put ? [item.Put.Item] : item.Update ? [item.Update.Key] : item.Delete ? [item.Delete.Key] : [],
    ),
    ...batch.flatMap((request) =>
      request.PutRequest ? [request.PutRequest.Item] : request.DeleteRequest ? [request.DeleteRequest.Key] : [],
    ),
  ].map(keyText);
}

/** Every client's calls are guarded, timed, counted and kept to the request's deadline. */
function instrumented(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.add(countDynamoDbCalls, { step: 'initialize', name: 'countDynamoDbCalls' });
  return client;
}

const countDynamoDbCalls: InitializeMiddleware<object, MetadataBearer> = (next, context) => async (args) => {
  refuseOtherTenants(context.commandName ?? '', args.input as Record<string, unknown>);
  const done = startCall();
  // Every call reports its capacity (free to ask): the request's log line carries the units, so the
  // runbook can tell which organizations consumed the most; tests and the bench read them as x-db-* headers.
  const read = READS.has(context.commandName ?? '');
  const write = WRITES.has(context.commandName ?? '');
  const transaction = context.commandName === 'TransactWriteItemsCommand';
  const input = args.input as {
    ReturnConsumedCapacity?: string;
    ConsistentRead?: boolean;
    RequestItems?: Record<string, { ConsistentRead?: boolean }>;
  } & Record<string, unknown>;
  if (read) {
    input.ReturnConsumedCapacity ??= 'TOTAL';
    // A BatchGetItem asks per table; ours has one.
    const strong = input.ConsistentRead ?? Object.values(input.RequestItems ?? {}).some((table) => table.ConsistentRead);
    countRead(context.commandName!.replace(/Command$/, ''), strong === true);
  }
  if (write) input.ReturnConsumedCapacity ??= 'INDEXES';
  try {
    const result = await withinDeadline(context.commandName ?? '', () => next(args));
    const consumed = (result.output as { ConsumedCapacity?: Capacity }).ConsumedCapacity;
    if (read) countReadUnits(unitsOf(consumed));
    if (write) countWrite(writeUnitsOf(consumed), writtenKeys(input), transaction ? { cancelled: false } : undefined);
    return result;
  } catch (error) {
    // A cancelled transaction or failed condition wrote nothing, but named what it meant to write.
    if (write) countWrite({ table: 0, indexes: 0 }, writtenKeys(input), transaction ? { cancelled: true } : undefined);
    throw error;
  } finally {
    done();
  }
};

/** The one client of the function's own credentials (one per cold start). */
const client = newClient();
const documentClient = (base: DynamoDBClient) =>
  DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
const ownDocumentClient = documentClient(client);

/**
 * The admin and SCIM routes' functions reach the table through the tenant role (docs/decisions/111):
 * once the session's signed claims or the SCIM token name the organization, and before any call,
 * the request's calls go through a client with that role's credentials for that organization.
 */
const tenantRole = tenantTableRoleArn();
const scope = requestScoped<{ orgId: string }>();
const tenantClients = new Map<string, { raw: DynamoDBClient; document: DynamoDBDocumentClient }>();

/** Runs the rest of the request with the tenant role's credentials for `orgId` (where the function has the role; else nothing changes). */
export function useTenantCredentials(orgId: string) {
  const current = scope.get();
  if (tenantRole && current) current.orgId = orgId;
}

/** Runs a request whose calls may be moved to the tenant role's client (define-route.ts). */
export const runWithTenantClient = <T>(fn: () => Promise<T>) => scope.run({ orgId: '' }, fn);

/** The tenant role's clients of the request's organization, or undefined: the function's own serve the call. */
function tenantClient() {
  const orgId = scope.get()?.orgId;
  if (!tenantRole || !orgId) return undefined;
  let scoped = tenantClients.get(orgId);
  if (!scoped) {
    const raw = newClient(() => tenantCredentials(tenantRole, orgId));
    scoped = { raw, document: documentClient(raw) };
    if (tenantClients.size >= 100) tenantClients.delete(tenantClients.keys().next().value!);
    tenantClients.set(orgId, scoped);
  }
  return scoped;
}

type Send = (command: unknown, options?: unknown) => Promise<unknown>;

/** `send` of a shared client, moved to the request's tenant client where there is one. */
function sendThroughTenant<C extends { send: unknown }>(
  own: C,
  pick: (scoped: NonNullable<ReturnType<typeof tenantClient>>) => C,
) {
  const ownSend = (own.send as Send).bind(own);
  own.send = ((command: unknown, options?: unknown) => {
    const scoped = tenantClient();
    return scoped ? (pick(scoped).send as Send)(command, options) : ownSend(command, options);
  }) as C['send'];
}

/**
 * The same client for a library that speaks DynamoDB's own attribute values (Powertools'
 * idempotency records): its calls are counted and timed like the DocumentClient's, and go through
 * the tenant role where the request has one.
 */
export const attributeValueClient = client;
sendThroughTenant(attributeValueClient, (scoped) => scoped.raw);

/**
 * What every handler sends its calls to: a DocumentClient (the SDK's paginators ask for one) whose
 * `send` goes to the request's tenant client where there is one (docs/decisions/111), else its own.
 */
export const db = ownDocumentClient;
sendThroughTenant(db, (scoped) => scoped.document);

export const TABLE_NAME = tableName() ?? DEFAULT_LOCAL_TABLE_NAME;
