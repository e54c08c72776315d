import { monotonicFactory } from 'ulid';
import { AUDIT_KEPT_DAYS } from '../../shared/limits';
import type { AuditAction, AuditActor, AuditDetails, AuditEntryResponse, AuditTarget } from '../../shared/schemas/audit-log';
import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import type { TransactItem } from '../db/transactions';
import { auditActorKey, auditLogKeys } from './keys';

// Monotonic: entries of one request made in the same millisecond keep their order.
const ulid = monotonicFactory();

/**
 * Stored at `AUDIT#<orgId> / ENTRY#<ulid>`; `ttl` lets DynamoDB drop it after 400 days;
 * `auditActorKey` places it in its actor's partition of the `auditByActor` index.
 */
export interface AuditItem extends AuditEntryResponse {
  type: 'AUDIT';
  orgId: string;
  auditActorKey: string;
  ttl: number;
}

/** Where a request came from, as the entry records it (functions/http/audit-client.ts reads it from the request). */
export interface AuditClient {
  clientAddress: string;
  userAgent: string;
}

/** What the action decides about its entry; who, where, when and the id come from the write context. */
interface AuditEvent {
  action: AuditAction;
  target: AuditTarget;
  details?: AuditDetails;
}

/** A person as an audit entry names them: a user item has these (the audit log, beneath every resource, knows no user/ module). */
interface NamedPerson {
  id: string;
  fullName: string;
  username: string;
}

/** Who acts, in which organization, as an audit entry names them. */
export interface ActingUser extends NamedPerson {
  orgId: string;
  avatarUrl: string | null;
}

/**
 * Who writes and from where. Every write operation receives it and builds its own audit entry
 * from it (auditPut), so an entry always names the session's user and the request's client.
 */
export interface WriteContext<Actor extends ActingUser = ActingUser> {
  actor: Actor;
  client: AuditClient;
}

/** Long enough for every real browser's User-Agent; a longer header is cut, not refused. */
const USER_AGENT_MAX = 512;

/** The actor of an event done by a signed-in person, named as they are now (the entry keeps that name). */
const actorOf = (user: NamedPerson): AuditActor => ({ id: user.id, fullName: user.fullName, username: user.username });

/** The actor of events nobody signed in did: Stripe's webhook telling what an organization bought. */
export const billingSystemIn = (orgId: string): ActingUser => ({
  id: 'stripe',
  orgId,
  fullName: 'Stripe (billing)',
  username: '',
  avatarUrl: null,
});

/** The actor of changes single sign-on makes by itself: a person created at their first sign-in (issue 40). */
export const ssoSystemIn = (orgId: string): ActingUser => ({ id: 'sso', orgId, fullName: 'SSO', username: '', avatarUrl: null });

/** The actor of changes an identity provider makes over SCIM with one of the organization's tokens (issue 40). */
export const scimSystemIn = (orgId: string): ActingUser => ({
  id: 'scim',
  orgId,
  fullName: 'SCIM',
  username: '',
  avatarUrl: null,
});

/** The target of an event about a person. */
export const userTarget = (user: NamedPerson): AuditTarget => ({
  type: 'user',
  id: user.id,
  label: user.fullName || user.username,
});

/**
 * The Put of one audit entry, for the action's own TransactWriteItems: the entry exists exactly when
 * the action happened. The condition makes it a pure insert, so no writer can ever replace an entry
 * (changing or deleting one is also denied by IAM on every `AUDIT#` key).
 */
export function auditPut({ actor, client }: WriteContext, event: AuditEvent): TransactItem {
  const orgId = actor.orgId;
  const at = now();
  const id = ulid(at.getTime());
  const item: AuditItem = {
    type: 'AUDIT',
    id,
    orgId,
    at: at.toISOString(),
    actor: actorOf(actor),
    action: event.action,
    target: event.target,
    clientAddress: client.clientAddress,
    userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
    details: event.details ?? {},
    auditActorKey: auditActorKey(orgId, actor.id),
    ttl: ttlAt(at.getTime() + AUDIT_KEPT_DAYS * 24 * 60 * 60 * 1000),
  };
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...auditLogKeys.auditEntry(orgId, id), ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
