import { requestScoped } from '../observability/request-scope';
import { AUDIT_PARTITION_PREFIX, ORG } from './keys';

/**
 * The key-prefix guard of docs/decisions/052: once a request's session has named its organization,
 * every DynamoDB call of that request may name only that organization's partitions (`ORG#<id>`,
 * `ORG#<id>#…`, `AUDIT#<id>`); a key or query of another organization's is refused before it is sent.
 * Partitions of no organization (sessions, email holds, counters, tokens, the outbox) pass: their
 * keys come from the session or from hashes, never from another tenant's id.
 */
interface TenantScope {
  orgId: string | undefined;
  /** Every partition the request's calls named so far (a Query's: the one its key condition names), for the x-db-partitions header tests read. */
  partitions: Set<string>;
}

const scope = requestScoped<TenantScope>();

/** Runs a request with an empty scope, filled by `enterTenant` once the session is known. */
export const runInTenantScope = <T>(fn: () => Promise<T>) => scope.run({ orgId: undefined, partitions: new Set() }, fn);

/** From here on the request's calls may reach only this organization's partitions. */
export function enterTenant(orgId: string) {
  const current = scope.get();
  if (current) current.orgId = orgId;
}

export class OtherTenantKeyRefused extends Error {
  constructor(command: string, partition: string) {
    super(`${command} named partition ${partition} of another organization than the session's`);
    this.name = 'OtherTenantKeyRefused';
  }
}

const TENANT_PREFIXES = [ORG, AUDIT_PARTITION_PREFIX];

/** The organization a partition belongs to, or undefined for a partition of no organization. */
function tenantOf(partition: string): string | undefined {
  const prefix = TENANT_PREFIXES.find((candidate) => partition.startsWith(candidate));
  return prefix === undefined ? undefined : partition.slice(prefix.length).split('#')[0];
}

type Value = string | { S?: string } | undefined;
type Keyed = { PK?: Value } | undefined;
const text = (value: Value) => (typeof value === 'string' ? value : value?.S);

/** The partition values a command names: its keys and items, and the values a Query's key condition compares. */
function partitionsOf(command: string, input: Record<string, unknown>): string[] {
  const keyed: Keyed[] = [input.Key as Keyed, input.Item as Keyed];
  for (const item of (input.TransactItems ?? []) as Record<string, { Key?: Keyed; Item?: Keyed }>[]) {
    for (const action of Object.values(item)) keyed.push(action.Key, action.Item);
  }
  for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(requests))
      for (const request of requests as { PutRequest?: { Item: Keyed }; DeleteRequest?: { Key: Keyed } }[])
        keyed.push(request.PutRequest?.Item, request.DeleteRequest?.Key);
    else keyed.push(...((requests as { Keys?: Keyed[] }).Keys ?? []));
  }
  const partitions = keyed.map((item) => text(item?.PK)).filter((value): value is string => value !== undefined);
  if (command === 'QueryCommand') {
    for (const value of Object.values((input.ExpressionAttributeValues ?? {}) as Record<string, Value>)) {
      const found = text(value);
      if (typeof found === 'string') partitions.push(found);
    }
  }
  return partitions;
}

/** The partition a Query reads: the value its key condition compares the partition key with (`PK = :pk`, `dueDayKey = :day`). */
function queryPartition(input: Record<string, unknown>): string | undefined {
  const placeholder = /^\s*[#\w]+\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression ?? ''))?.[1];
  return placeholder === undefined
    ? undefined
    : text((input.ExpressionAttributeValues as Record<string, Value> | undefined)?.[placeholder]);
}

/** Throws when a call of a request with an organization names another organization's partition, or scans the table. */
export function refuseOtherTenants(command: string, input: Record<string, unknown>) {
  const current = scope.get();
  if (!current) return;
  const { orgId } = current;
  if (orgId !== undefined && command === 'ScanCommand') throw new OtherTenantKeyRefused(command, '(the whole table)');
  const partitions = partitionsOf(command, input);
  if (orgId !== undefined) {
    for (const partition of partitions) {
      const tenant = tenantOf(partition);
      if (tenant !== undefined && tenant !== orgId) throw new OtherTenantKeyRefused(command, partition);
    }
  }
  // What was sent: a Query's other values (sort-key bounds, filters) are checked above but name no partition.
  const named =
    command === 'QueryCommand' ? [queryPartition(input)] : command === 'ScanCommand' ? ['(the whole table)'] : partitions;
  for (const partition of named) if (partition !== undefined) current.partitions.add(partition);
}

/** The organization the current request entered (its session's, or a SCIM token's), if any. */
export const enteredTenant = (): string | undefined => scope.get()?.orgId;

/** The partitions the current request's calls named so far, in the order first named. */
export const partitionsNamedSoFar = (): string[] => [...(scope.get()?.partitions ?? [])];

/**
 * Whose partitions the request named: each cut to its first two parts (`ORG#<org>`, `AUDIT#<org>`,
 * `USER#<user>`, `EMAIL#<address>`), which is all the guard's attribution reads; a change of 500 members'
 * `ORG#<org>#MEMBER#<user>` partitions is one owner, so the list fits a response header.
 */
export const partitionOwnersSoFar = (): string[] => [
  ...new Set(partitionsNamedSoFar().map((partition) => partition.split('#').slice(0, 2).join('#'))),
];
