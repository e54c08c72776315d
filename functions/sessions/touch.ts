/**
 * The attributes a session's last-use update writes (with its key). Read-only routes may update
 * only these, in users' partitions (infra/constructs/api.ts): the IAM condition and the update
 * share this list, so they cannot drift apart.
 */
export const SESSION_TOUCH_ATTRIBUTES = ['PK', 'SK', 'lastUsedAt', 'ttl'] as const;
