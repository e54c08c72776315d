import { AUDIT_PARTITION_PREFIX, type Key } from '../db/keys';

const AUDIT_ENTRY = 'ENTRY#';
const AUDIT_ACTOR = '#ACTOR#';

/** The keys of the organization's audit entries (docs/data-model.md, Audit log). */
export const auditLogKeys = {
  /** An organization's audit entry, in a partition of its own so that IAM can tell audit keys from others (docs/decisions/016b). */
  auditEntry: (orgId: string, entryId: string): Key => ({
    PK: `${AUDIT_PARTITION_PREFIX}${orgId}`,
    SK: `${AUDIT_ENTRY}${entryId}`,
  }),
} as const;

/**
 * The partition of one person's entries in the `auditByActor` index (the log's person filter):
 * under the organization's audit prefix, so the tenant guard and the audit IAM rules cover it.
 */
export const auditActorKey = (orgId: string, actorId: string) => `${AUDIT_PARTITION_PREFIX}${orgId}${AUDIT_ACTOR}${actorId}`;

/** Partitions and sort-key prefixes for Queries. */
export const auditLogCollections = {
  auditOfOrganization: (orgId: string) => ({ PK: `${AUDIT_PARTITION_PREFIX}${orgId}`, prefix: AUDIT_ENTRY }),
} as const;
