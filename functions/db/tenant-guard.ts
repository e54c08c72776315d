import { requestScoped } from '../observability/request-scope';
import { AUDIT_PARTITION_PREFIX, ORG, USER } from './keys';

/**
 * The key-prefix guard of docs/decisions/052: once a request's session has named its organization,
 * every DynamoDB call of that request may name only that organization's partitions (`ORG#<id>`,
 * `ORG#<id>#…`, `AUDIT#<id>`), the partitions of its people (`USER#<id>`: the session's own person, or
 * one the request found in the organization first, issue 62 item 8), and the partitions of no
 * organization listed below; any other key or query is refused before it is sent.
 */
interface TenantScope {
  orgId: string | undefined;
  /** The people whose partitions the request may name: the session's, and those it read or wrote in the organization. */
  people: Set<string>;
  /** The people the request named by their item in some organization before it entered one (the session load's preload). */
  namedBefore: { orgId: string; userId: string }[];
  /** Every partition the request's calls named so far (a Query's: the one its key condition names), for the x-db-partitions header tests read. */
  partitions: Set<string>;
}

/**
 * Partitions of no organization a request with an organization may name, and why no tenant's id picks
 * them (test/integration/platform/tenant-partitions.test.ts calls every route with one organization's
 * ids and another's and finds no other).
 */
export const PARTITIONS_OF_NO_ORGANIZATION: readonly { prefix: string; reason: string }[] = [
  { prefix: 'EMAIL#', reason: 'an address is held once across all organizations (sign-in names it, not an organization)' },
  {
    prefix: 'ATTEMPTS#',
    reason: "sliding-window counters: by address, account, or the session's own organization's request budget",
  },
  { prefix: 'THROTTLE#', reason: 'fixed-window counters by address or account' },
  { prefix: 'TOKEN#', reason: 'a mail link by the hash of its token' },
  { prefix: 'OUTBOX#', reason: 'a mail waiting to be sent, by a fresh id' },
  { prefix: 'EVENT#', reason: 'a change event for the stream consumer, by a fresh id' },
  { prefix: 'IDEMPOTENCY#', reason: "a request's idempotency record, by the hash of the user's own key" },
  { prefix: 'INVITATION_TOKEN#', reason: 'an invitation link by the hash of its token' },
  { prefix: 'CHECKOUT_REFERENCE#', reason: 'a checkout reference the server made' },
  { prefix: 'SSO_DOMAIN#', reason: 'a verified domain is claimed once across all organizations' },
  { prefix: 'WEBAUTHN_CHALLENGE#', reason: 'a passkey ceremony by its random challenge' },
  {
    prefix: 'DUE_SOON_RULES#',
    reason:
      "which organizations have automations a coming due date starts (the daily run reads it); a rule's write names its own organization's item",
  },
];

const scope = requestScoped<TenantScope>();

/** Runs a request with an empty scope, filled by `enterTenant` once the session is known. */
export const runInTenantScope = <T>(fn: () => Promise<T>) =>
  scope.run({ orgId: undefined, people: new Set(), namedBefore: [], partitions: new Set() }, fn);

/** From here on the request's calls may reach only this organization's partitions, and the session's person's (when it has one). */
export function enterTenant(orgId: string, userId?: string) {
  const current = scope.get();
  if (!current) return;
  current.orgId = orgId;
  if (userId !== undefined) current.people.add(userId);
  for (const named of current.namedBefore) if (named.orgId === orgId) current.people.add(named.userId);
}

export class OtherTenantKeyRefused extends Error {
  constructor(command: string, partition: string) {
    super(
      `${command} named partition ${partition}, which is not the session's organization's, nor one of its people's, nor listed as no organization's`,
    );
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
  // What was sent: a Query's other values (sort-key bounds, filters) are checked below but name no partition.
  const named =
    command === 'QueryCommand' ? [queryPartition(input)] : command === 'ScanCommand' ? ['(the whole table)'] : partitions;
  if (orgId !== undefined) {
    for (const partition of partitions) {
      const tenant = tenantOf(partition);
      if (tenant !== undefined && tenant !== orgId) throw new OtherTenantKeyRefused(command, partition);
    }
    // A person of the organization, named by their item in it (`ORG#o / USER#u`), may have their own partition named.
    for (const named of peopleNamed(input)) if (named.orgId === orgId) current.people.add(named.userId);
    for (const partition of named)
      if (partition !== undefined && !mayName(current, partition)) throw new OtherTenantKeyRefused(command, partition);
  } else current.namedBefore.push(...peopleNamed(input));
  for (const partition of named) if (partition !== undefined) current.partitions.add(partition);
}

function mayName(current: TenantScope, partition: string): boolean {
  if (tenantOf(partition) === current.orgId) return true;
  if (partition.startsWith(USER)) return current.people.has(partition.slice(USER.length));
  return PARTITIONS_OF_NO_ORGANIZATION.some((global) => partition.startsWith(global.prefix));
}

/** The people whose items in an organization's partition a call names by key (`ORG#o / USER#u`). */
function peopleNamed(input: Record<string, unknown>): { orgId: string; userId: string }[] {
  const keyed: Keyed[] = [input.Key as Keyed, input.Item as Keyed];
  for (const item of (input.TransactItems ?? []) as Record<string, { Key?: Keyed; Item?: Keyed }>[])
    for (const action of Object.values(item)) keyed.push(action.Key, action.Item);
  for (const requests of Object.values((input.RequestItems ?? {}) as Record<string, unknown>))
    if (!Array.isArray(requests)) keyed.push(...((requests as { Keys?: Keyed[] }).Keys ?? []));
  return keyed.flatMap((item) => {
    const partition = text(item?.PK);
    const sort = text((item as { SK?: Value } | undefined)?.SK);
    // The organization's own partition (`ORG#o`, no further part), never a sub-partition such as `ORG#o#MEMBER#u`.
    if (!partition?.startsWith(ORG) || partition.slice(ORG.length).includes('#') || !sort?.startsWith(USER)) return [];
    return [{ orgId: partition.slice(ORG.length), userId: sort.slice(USER.length) }];
  });
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
