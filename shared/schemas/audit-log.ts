import * as z from 'zod/mini';
import { ULID } from '../ids';

/**
 * What an audit entry records: one security or administrative event, named
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
  'mfa.recovery_codes_regenerated',
  'passkey.added',
  'passkey.removed',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'organization.renamed',
  'organization.mfa_requirement_changed',
  'organization.assistant_changed',
  'sso.domain_added',
  'sso.domain_verified',
  'sso.domain_removed',
  'sso.connection_changed',
  'sso.connection_tested',
  'sso.requirement_changed',
  'sso.password_access_changed',
  'scim.token_created',
  'scim.token_revoked',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'project.deleted',
  'comment.deleted',
  'automation.created',
  'automation.updated',
  'automation.deleted',
  'billing.subscription_changed',
  'billing.payment_failed',
  'billing.payment_succeeded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about. */
const AUDIT_TARGET_TYPES = [
  'user',
  'organization',
  'project',
  'invitation',
  'subscription',
  'domain',
  'scim_token',
  'automation',
  'api_key',
  'webhook',
] as const;

/** A small, flat object of what changed (from-role and to-role, a new name): strings, numbers, booleans, nulls. */
const auditDetails = /* @__PURE__ */ (() => z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])))();
export type AuditDetails = z.infer<typeof auditDetails>;

/** Who did it, as they were named at the time (the actor of a Stripe event is the billing system). */
const auditActor = /* @__PURE__ */ (() => z.object({ id: z.string(), fullName: z.string(), username: z.string() }))();
export type AuditActor = z.infer<typeof auditActor>;

const auditTarget = /* @__PURE__ */ (() => z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string(), label: z.string() }))();
export type AuditTarget = z.infer<typeof auditTarget>;

/** One entry, as stored (less its keys and TTL) and as answered. */
export const auditEntryResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    at: z.string(),
    actor: auditActor,
    action: z.enum(AUDIT_ACTIONS),
    target: auditTarget,
    clientAddress: z.string(),
    userAgent: z.string(),
    details: auditDetails,
  }))();
export type AuditEntryResponse = z.infer<typeof auditEntryResponse>;

/** GET /api/organization/audit-log answers this many entries per page. */
export const AUDIT_PAGE_SIZE = 50;
/**
 * The export's upper bound: the CSV is built in the function and answered whole (API Gateway has
 * no streaming), and a Lambda answer may not exceed 6 MB. 5,000 entries of about 400 bytes stay
 * far below it; a longer range is refused with a request to choose a shorter one.
 */
export const AUDIT_EXPORT_MAX_ENTRIES = 5_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** 24 × 60 × 60 × 1000, written out: esbuild keeps a product at the top level as if it had an effect. */
const DAY_MS = 86_400_000;

/**
 * The instant a `from` or `to` filter names, in epoch ms, or undefined when it names none. A day
 * ('YYYY-MM-DD', UTC) covers the whole day: `from` its first millisecond, `to` its last. An ISO
 * date-time with its offset is taken as is: the web app sends the bounds of the user's own days.
 */
export function auditFilterInstant(value: string, bound: 'from' | 'to'): number | undefined {
  if (DATE_ONLY.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value) return undefined;
    return bound === 'from' ? start : start + DAY_MS - 1;
  }
  if (!DATE_TIME.test(value)) return undefined;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? undefined : instant;
}

export const AUDIT_FILTER_MESSAGES = {
  from: 'From must be a valid date (YYYY-MM-DD)',
  to: 'To must be a valid date (YYYY-MM-DD)',
  range: 'To must not be before From',
  action: 'Choose one of the listed actions',
  actorId: 'Choose a person of your organization',
  cursor: 'cursor must be the id of an audit entry',
} as const;

const ACTOR_ID = /^[0-9A-Za-z_-]{1,64}$/;

const filterFields = /* @__PURE__ */ (() => ({
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: AUDIT_FILTER_MESSAGES.action })),
  actorId: z.optional(z.string().check(z.regex(ACTOR_ID, AUDIT_FILTER_MESSAGES.actorId))),
  from: z.optional(
    z
      .string()
      .check(z.refine((value) => auditFilterInstant(value, 'from') !== undefined, { message: AUDIT_FILTER_MESSAGES.from })),
  ),
  to: z.optional(
    z.string().check(z.refine((value) => auditFilterInstant(value, 'to') !== undefined, { message: AUDIT_FILTER_MESSAGES.to })),
  ),
}))();

/** A range whose end is before its start is refused (on `to`), not answered empty: it is a mistake. */
const rangeInOrder = /* @__PURE__ */ (() =>
  z.refine<{ from?: string; to?: string }>(
    (value) => {
      const from = value.from === undefined ? undefined : auditFilterInstant(value.from, 'from');
      const to = value.to === undefined ? undefined : auditFilterInstant(value.to, 'to');
      return from === undefined || to === undefined || from <= to;
    },
    { message: AUDIT_FILTER_MESSAGES.range, path: ['to'] },
  ))();

/** The export's query string: the log's filters. */
export const auditLogFilters = /* @__PURE__ */ (() => z.object(filterFields).check(rangeInOrder))();
export type AuditLogFilters = z.infer<typeof auditLogFilters>;

/** GET /api/organization/audit-log?cursor=&action=&actorId=&from=&to=: the cursor is the id of the previous page's last entry. */
export const auditLogQuery = /* @__PURE__ */ (() =>
  z
    .object({ ...filterFields, cursor: z.optional(z.string().check(z.regex(ULID, AUDIT_FILTER_MESSAGES.cursor))) })
    .check(rangeInOrder))();

/** A page of the log, newest first; `nextCursor` names the next page (null on the last). */
export const auditLogPage = /* @__PURE__ */ (() =>
  z.object({ entries: z.array(auditEntryResponse), nextCursor: z.nullable(z.string()) }))();
export type AuditLogPage = z.infer<typeof auditLogPage>;
