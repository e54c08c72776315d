/**
 * What every key is made of, and nothing of any resource: each resource folder declares the keys of
 * its own items in its keys.ts with `keyOf` and these prefixes (docs/decisions/095), and nothing
 * else builds key strings. docs/data-model.md lists the access patterns and where each key is declared.
 */
export interface Key {
  PK: string;
  SK: string;
}

declare const namedItem: unique symbol;

/**
 * A key of an item of type T. The mark exists only for the type checker (nothing is added at run
 * time), so that what a key reads, e.g. a route's preload, is typed without a cast.
 */
export type KeyOf<T> = Key & { readonly [namedItem]?: T };

export const keyOf = <T>(PK: string, SK: string): KeyOf<T> => ({ PK, SK });

/** The organization's partition, which several resources share (its users, projects, invitations, …). */
export const ORG = 'ORG#';
/** A person's partition, which several resources share (sessions, notifications, passkeys, …). */
export const USER = 'USER#';
/** Below every character a name may hold (control characters are refused), so 'spring' sorts before 'spring launch'. */
export const SEPARATOR = '\u0001';
/**
 * The audit log's partitions all begin with this: the functions' IAM policies deny changing or
 * deleting under it, and the tenant guard (tenant-guard.ts) checks it as it checks ORG#.
 */
export const AUDIT_PARTITION_PREFIX = 'AUDIT#';
