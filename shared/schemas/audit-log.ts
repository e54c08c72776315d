import * as z from 'zod/mini';

/**
 * What an audit entry records (issue 15): one security or administrative event, named
 * `<resource>.<past-tense verb>`. The list is fixed: filters and the CSV use these names.
 */
export const AUDIT_ACTIONS = [
  'session.signed_in',
  'session.sign_in_failed',
  'session.signed_out',
  'user.password_changed',
  'user.password_reset',
  'user.added',
  'user.edited',
  'user.role_changed',
  'user.removed',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.reset',
  'mfa.recovery_code_used',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'organization.renamed',
  'organization.mfa_requirement_changed',
  'project.deleted',
  'billing.subscription_changed',
  'billing.payment_failed',
  'billing.payment_succeeded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = ['user', 'organization', 'project', 'invitation', 'subscription'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Entries expire (DynamoDB TTL) this long after they were written. */
export const AUDIT_KEPT_DAYS = 400;

/** A small, flat object of what changed (from-role and to-role, a new name): strings, numbers, booleans, nulls. */
export const auditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetails>;

/** Who did it, as they were named at the time (the actor of a Stripe event is the billing system). */
export const auditActor = z.object({ id: z.string(), fullName: z.string(), username: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

export const auditTarget = z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string(), label: z.string() });
export type AuditTarget = z.infer<typeof auditTarget>;

/** One entry, as stored (less its keys and TTL) and as answered. */
export const auditEntryResponse = z.object({
  id: z.string(),
  at: z.string(),
  actor: auditActor,
  action: z.enum(AUDIT_ACTIONS),
  target: auditTarget,
  clientAddress: z.string(),
  userAgent: z.string(),
  details: auditDetails,
});
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;
