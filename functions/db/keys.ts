import { PROJECT_STATUSES } from '../../shared/project-statuses';
import type { SignInCodeItem } from '../auth/sign-in-codes';
import type { AvatarItem } from '../avatars/item';
import type { CheckoutReferenceItem } from '../billing/checkout-references';
import type { BillingItem } from '../billing/item';
import type { CommentItem } from '../comments/item';
import type { InvitationItem } from '../invitations/item';
import type { NotificationItem } from '../notifications/item';
import type { OrganizationItem } from '../organization/item';
import type { WebAuthnChallengeItem } from '../passkeys/challenges';
import type { PasskeyItem } from '../passkeys/item';
import type { FiguresItem } from '../projects/figures';
import type { ProjectItem } from '../projects/item';
import type { MemberSetItem } from '../projects/member-set';
import type { ScimTokenItem } from '../scim-tokens/item';
import type { SsoConnectionItem, SsoDomainClaimItem, SsoDomainItem } from '../sso/item';
import type { AttemptWindowItem } from '../throttles/throttles';
import type { EmailItem, UserItem } from '../user/item';
import type { IndexName } from './table-definition';

/**
 * Every entity's key scheme, in one place: nothing else builds key strings.
 * docs/data-model.md lists the access patterns that use them.
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

const keyOf = <T>(PK: string, SK: string): KeyOf<T> => ({ PK, SK });

const ORG = 'ORG#';
const USER = 'USER#';
const STRIPE_CUSTOMER = 'STRIPE_CUSTOMER#';
const UNMATCHED = 'UNMATCHED#';
const ACTIVITY = 'ACTIVITY#';
const COMMENT = 'COMMENT#';
/** The audit log's partitions all begin with this: the functions' IAM policies deny changing or deleting under it. */
export const AUDIT_PARTITION_PREFIX = 'AUDIT#';
const AUDIT_ENTRY = 'ENTRY#';
const AUDIT_ACTOR = '#ACTOR#';
const INVITATION = 'INVITATION#';
const SSO_DOMAIN = 'SSO_DOMAIN#';
const SCIM_TOKEN = 'SCIM_TOKEN#';
const TRIAL_ENDS = 'TRIAL_ENDS#';
const PROJECT_WORDS = '#WORDS';
const MEMBERS = 'MEMBERS#';
const MEMBER = '#MEMBER#';
const USER_WORDS = '#USER_WORDS';
const PASSKEY = 'PASSKEY#';
/** Below every character a name may hold (control characters are refused), so 'spring' sorts before 'spring launch'. */
const SEPARATOR = '\u0001';
/** Due-date order puts projects without a due date after every date. */
const NO_DUE_DATE = '~';

export const keys = {
  organization: (orgId: string) => keyOf<OrganizationItem>(`${ORG}${orgId}`, 'ORG'),
  user: (orgId: string, userId: string) => keyOf<UserItem>(`${ORG}${orgId}`, `${USER}${userId}`),
  /** Emails are unique across the product and compared case-insensitively. */
  email: (email: string) => keyOf<EmailItem>(`EMAIL#${email.trim().toLowerCase()}`, 'EMAIL'),
  session: (userId: string, sessionId: string): Key => ({ PK: `${USER}${userId}`, SK: `SESSION#${sessionId}` }),
  /** One counter per rule, subject (an email, a client address) and fixed time window of the rule. */
  attemptWindow: (rule: string, subject: string, window: number) =>
    keyOf<AttemptWindowItem>(`ATTEMPTS#${rule}#${subject}#${window}`, 'ATTEMPTS'),
  /** The first step of a two-factor sign-in, named by the pending cookie. */
  pendingSignIn: (userId: string, pendingId: string): Key => ({ PK: `${USER}${userId}`, SK: `MFA_PENDING#${pendingId}` }),
  /**
   * A sign-in waiting for its emailed one-time code (docs/decisions/040), named by its cookie. Its own
   * partition: it exists for unknown emails and wrong passwords too, which have no user.
   */
  signInCode: (id: string) => keyOf<SignInCodeItem>(`SIGNIN_CODE#${id}`, 'SIGNIN_CODE'),
  project: (orgId: string, projectId: string) => keyOf<ProjectItem>(`${ORG}${orgId}`, `PROJECT#${projectId}`),
  /** A project's member set, apart from the project so that a change of its status never rewrites 500 ids (docs/decisions/037). */
  projectMembers: (orgId: string, projectId: string) => keyOf<MemberSetItem>(`${ORG}${orgId}`, `${MEMBERS}${projectId}`),
  /** One user's membership of one project, kept from the member sets by the stream consumer: 'my projects' (docs/decisions/037). */
  membership: (orgId: string, userId: string, projectId: string): Key => ({
    PK: `${ORG}${orgId}${MEMBER}${userId}`,
    SK: `PROJECT#${projectId}`,
  }),
  /**
   * One word of a project's name, for the word-prefix search (functions/projects/words.ts): in a
   * partition of its own, so the organization's partition Queries never meet them.
   */
  projectWord: (orgId: string, word: string, projectId: string): Key => ({
    PK: `${ORG}${orgId}${PROJECT_WORDS}`,
    SK: `${word}${SEPARATOR}${projectId}`,
  }),
  /** One word of a user's name or email (functions/user/words.ts), in a partition of its own as the project words are. */
  userWord: (orgId: string, word: string, userId: string): Key => ({
    PK: `${ORG}${orgId}${USER_WORDS}`,
    SK: `${word}${SEPARATOR}${userId}`,
  }),
  notification: (userId: string, notificationId: string) =>
    keyOf<NotificationItem>(`${USER}${userId}`, `NOTIFICATION#${notificationId}`),
  avatar: (userId: string) => keyOf<AvatarItem>(`${USER}${userId}`, 'AVATAR'),
  /** One of the user's passkeys, by its credential id: a sign-in finds it from the answer's user handle and id. */
  passkey: (userId: string, credentialId: string) => keyOf<PasskeyItem>(`${USER}${userId}`, `${PASSKEY}${credentialId}`),
  /** A WebAuthn challenge handed out, by its value (32 random bytes): its own partition, used up once. */
  webAuthnChallenge: (challenge: string) => keyOf<WebAuthnChallengeItem>(`WEBAUTHN_CHALLENGE#${challenge}`, 'WEBAUTHN_CHALLENGE'),
  /** One mail waiting to be sent (the transactional outbox); its own partition, so the stream filter is one prefix. */
  outbox: (outboxId: string): Key => ({ PK: `OUTBOX#${outboxId}`, SK: 'OUTBOX' }),
  /**
   * Users to notify of one change, fanned out from the table stream (functions/notifications/fan-out.ts);
   * its own partition, so events spread across partitions and the stream filter is one type.
   */
  notificationEvent: (eventId: string): Key => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' }),
  /** A token that arrived by mail, found by the SHA-256 of the token: the token itself is never stored. */
  mailToken: (tokenHash: string): Key => ({ PK: `TOKEN#${tokenHash}`, SK: 'TOKEN' }),
  /** A fixed-window request counter: `name` names the rule, `subject` whom it counts (an address, a client, a user). */
  throttle: (name: string, subject: string): Key => ({ PK: `THROTTLE#${name}#${subject.trim().toLowerCase()}`, SK: 'THROTTLE' }),
  /**
   * The organization's subscription state (docs/decisions/017); partial while only a customer link
   * exists (an organization linked before any subscription event).
   */
  billing: (orgId: string) => keyOf<Partial<BillingItem>>(`${ORG}${orgId}`, 'BILLING'),
  /** Which organization a Stripe customer belongs to (set by checkout.session.completed). */
  /** A pricing-table checkout's reference, made by the server for one admin (functions/billing/checkout-references.ts). */
  checkoutReference: (reference: string) => keyOf<CheckoutReferenceItem>(`CHECKOUT_REFERENCE#${reference}`, 'CHECKOUT_REFERENCE'),
  stripeCustomer: (customerId: string): Key => ({ PK: `${STRIPE_CUSTOMER}${customerId}`, SK: 'CUSTOMER' }),
  /** An event of a customer not linked to any organization yet, kept for reconciliation. */
  unmatchedStripeEvent: (customerId: string, eventId: string): Key => ({
    PK: `${STRIPE_CUSTOMER}${customerId}`,
    SK: `${UNMATCHED}${eventId}`,
  }),
  /** A Stripe event already processed: written in the same transaction as its effect. */
  stripeEvent: (eventId: string): Key => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' }),
  /**
   * A trial that ends on `day` ('YYYY-MM-DD', UTC): one partition per day, so the daily trial alert
   * reads the few days ahead with a Query each and never scans (functions/billing/trial-ends.ts).
   */
  trialEnd: (day: string, orgId: string): Key => ({ PK: `${TRIAL_ENDS}${day}`, SK: `${ORG}${orgId}` }),
  /** The organization's project counters by status and its newest activity entries. */
  projectFigures: (orgId: string) => keyOf<FiguresItem>(`${ORG}${orgId}`, 'FIGURES#PROJECTS'),
  projectActivity: (orgId: string, projectId: string, entryId: string): Key => ({
    PK: `${ORG}${orgId}`,
    SK: `${ACTIVITY}${projectId}#${entryId}`,
  }),
  /** One comment on a project, in the organization's partition after the project's activity (docs/decisions/048). */
  comment: (orgId: string, projectId: string, commentId: string) =>
    keyOf<CommentItem>(`${ORG}${orgId}`, `${COMMENT}${projectId}#${commentId}`),
  /**
   * That a project's members were reminded of its due date on `day` (`kind`: due tomorrow, or overdue
   * since that day): put with the reminder's event, so a second run that day reminds nobody. A
   * partition per project and day, so a day's run spreads its writes.
   */
  dueReminder: (orgId: string, projectId: string, kind: string, day: string): Key => ({
    PK: `REMINDER#${orgId}#${projectId}#${kind}#${day}`,
    SK: 'REMINDER',
  }),
  /** That a person's weekly digest of the week starting `monday` was queued: put with its mail, so a second run sends nothing (docs/decisions/061). */
  weeklyDigestMark: (userId: string, monday: string): Key => ({ PK: `${USER}${userId}`, SK: `DIGEST#${monday}` }),
  /** An organization's audit entry, in a partition of its own so that IAM can tell audit keys from others (docs/decisions/016b). */
  auditEntry: (orgId: string, entryId: string): Key => ({
    PK: `${AUDIT_PARTITION_PREFIX}${orgId}`,
    SK: `${AUDIT_ENTRY}${entryId}`,
  }),
  /** An invitation to join the organization (docs/decisions/015). */
  invitation: (orgId: string, invitationId: string) => keyOf<InvitationItem>(`${ORG}${orgId}`, `${INVITATION}${invitationId}`),
  /** Which invitation holds an address in the organization while it is pending: at most one per lower-case email. */
  invitationEmail: (orgId: string, email: string): Key => ({
    PK: `${ORG}${orgId}`,
    SK: `INVITATION_EMAIL#${email.trim().toLowerCase()}`,
  }),
  /** An invitation link's token, found by its SHA-256: the token itself is never stored. */
  invitationToken: (tokenHash: string): Key => ({ PK: `INVITATION_TOKEN#${tokenHash}`, SK: 'INVITATION_TOKEN' }),
  /**
   * The record of one Idempotency-Key (functions/middleware/idempotency.ts), named by Powertools'
   * hash of the route, organization, user and key: a partition per key, so no organization's
   * creations meet on one item, and no tenant can name another's.
   */
  idempotencyRecord: (hashedKey: string): Key => ({ PK: `IDEMPOTENCY#${hashedKey}`, SK: 'IDEMPOTENCY' }),
  /** A domain the organization added for single sign-on, verified or not (issue 40). */
  ssoDomain: (orgId: string, domain: string) => keyOf<SsoDomainItem>(`${ORG}${orgId}`, `${SSO_DOMAIN}${domain}`),
  /** Which organization verified a domain: at most one, product-wide; SSO sign-in finds the organization by it. */
  ssoDomainClaim: (domain: string) => keyOf<SsoDomainClaimItem>(`${SSO_DOMAIN}${domain}`, 'SSO_DOMAIN'),
  /** The organization's identity-provider connection (one per organization). */
  ssoConnection: (orgId: string) => keyOf<SsoConnectionItem>(`${ORG}${orgId}`, 'SSO_CONNECTION'),
  /** A SAML assertion already used to sign in (its id's hash), kept until it would be refused as expired anyway (decision 058). */
  samlAssertionUsed: (orgId: string, assertionIdHash: string): Key => ({
    PK: `SAML_ASSERTION#${orgId}#${assertionIdHash}`,
    SK: 'SAML_ASSERTION',
  }),
  /** A SCIM bearer token of the organization (its hash; the token names the organization and the id). */
  scimToken: (orgId: string, tokenId: string) => keyOf<ScimTokenItem>(`${ORG}${orgId}`, `${SCIM_TOKEN}${tokenId}`),
} as const;

/** A status's place in status order: the order of PROJECT_STATUSES, any other status after them. */
const statusRank = (status: string) => {
  const rank = (PROJECT_STATUSES as readonly string[]).indexOf(status);
  return String(rank < 0 ? PROJECT_STATUSES.length : rank);
};

/**
 * A project's sort keys in the project indexes (tableDefinition.globalSecondaryIndexes): the
 * lower-case name, then the id, so equal names keep one order; due date and status come before it.
 */
export function projectIndexKeys(project: Pick<ProjectItem, 'id' | 'name' | 'status' | 'dueDate'>) {
  const nameKey = `${project.name.toLowerCase()}${SEPARATOR}${project.id}`;
  return {
    nameKey,
    dueKey: `${project.dueDate ?? NO_DUE_DATE}${SEPARATOR}${nameKey}`,
    statusKey: `${statusRank(project.status)}${SEPARATOR}${nameKey}`,
    /** Only open projects with a due date are in openProjectsByDueDate (undefined: the attribute is removed). */
    openDueKey: project.status !== 'completed' && project.dueDate ? `${project.dueDate}${SEPARATOR}${project.id}` : undefined,
    /** The same open projects by day across organizations (projectsDueOn): the due-date reminders' index. */
    dueDayKey: project.status !== 'completed' && project.dueDate ? dueDayKey(project.dueDate) : undefined,
  };
}

/** The partition of projectsDueOn holding the open projects due on `day` ('YYYY-MM-DD'). */
export const dueDayKey = (day: string) => `DUE#${day}`;

/**
 * A notification's keys in the weeklyDigest index (docs/decisions/061): the partition of its week
 * (the Monday) and of one of `shards` shares of the people, so a busy week's writes spread over
 * several partitions; sorted by organization, then person, then the notification, so a Query
 * hands each person's week over in one run of items.
 */
export function digestIndexKeys(orgId: string, userId: string, notificationId: string, monday: string, shards: number) {
  return { digestKey: digestWeekKey(monday, digestShardOf(userId, shards)), digestSort: `${orgId}#${userId}#${notificationId}` };
}

/**
 * An outbox item's next try, as its keys in the weeklyDigest index (docs/decisions/071): one
 * partition per hour of the time it is due, sorted by that time, so the sweeper reads the few hours
 * behind it with a Query each and never scans. `OUTBOX_DUE#` partitions never meet a week's `DIGEST#`.
 */
export const OUTBOX_DUE_INDEX = 'weeklyDigest' satisfies IndexName;
export const outboxDueKeys = (hour: string, dueAt: number, outboxId: string) => ({
  digestKey: `OUTBOX_DUE#${hour}`,
  digestSort: `${String(dueAt).padStart(15, '0')}#${outboxId}`,
});

/** A week's (its Monday's) partition of one shard of the weeklyDigest index. */
export const digestWeekKey = (monday: string, shard: number) => `DIGEST#${monday}#${shard}`;

/** A person's shard: the same for all their notifications, so their week is in one partition. */
const digestShardOf = (userId: string, shards: number) => [...userId].reduce((sum, char) => sum + char.charCodeAt(0), 0) % shards;

/** The organization and person of a weeklyDigest index entry's sort key. */
export function digestOwnerOf(digestSort: string): { orgId: string; userId: string } {
  const [orgId = '', userId = ''] = digestSort.split('#');
  return { orgId, userId };
}

/** The open-due keys of projects due before `day` (exclusive) and up to `day` (inclusive), for key conditions. */
export const openDueBefore = (day: string) => day;
export const openDueThrough = (day: string) => `${day}${SEPARATOR}~`;

/** The start of the status keys of one status. */
export const statusKeyPrefix = (status: string) => `${statusRank(status)}${SEPARATOR}`;

/**
 * A user's sort keys in the user indexes: the lower-case name then the id (equal names keep one
 * order), the lower-case email (unique), and the role before the name key.
 */
export function userIndexKeys(user: Pick<UserItem, 'id' | 'fullName' | 'username' | 'role'>) {
  const userNameKey = `${user.fullName.toLowerCase()}${SEPARATOR}${user.id}`;
  return { userNameKey, userEmailKey: user.username.trim().toLowerCase(), userRoleKey: `${user.role}${SEPARATOR}${userNameKey}` };
}

/**
 * The partition of one person's entries in the `auditByActor` index (the log's person filter):
 * under the organization's audit prefix, so the tenant guard and the audit IAM rules cover it.
 */
export const auditActorKey = (orgId: string, actorId: string) => `${AUDIT_PARTITION_PREFIX}${orgId}${AUDIT_ACTOR}${actorId}`;

/** The start of the role keys of one role. */
export const roleKeyPrefix = (role: string) => `${role}${SEPARATOR}`;

/** Partitions and sort-key prefixes for Queries. */
export const collections = {
  usersOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: USER }),
  projectsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: 'PROJECT#' }),
  /** A user's memberships (and those ended lately, kept as tombstones), in the projects' creation order. */
  membershipsOfUser: (orgId: string, userId: string) => ({ PK: `${ORG}${orgId}${MEMBER}${userId}`, prefix: 'PROJECT#' }),
  /** Word items whose word begins with `prefix`, in word order, then the projects' creation order. */
  projectWordsBeginning: (orgId: string, prefix: string) => ({ PK: `${ORG}${orgId}${PROJECT_WORDS}`, prefix }),
  /** Word items of users whose word begins with `prefix`. */
  userWordsBeginning: (orgId: string, prefix: string) => ({ PK: `${ORG}${orgId}${USER_WORDS}`, prefix }),
  sessionsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: 'SESSION#' }),
  notificationsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: 'NOTIFICATION#' }),
  passkeysOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: PASSKEY }),
  unmatchedEventsOfCustomer: (customerId: string) => ({ PK: `${STRIPE_CUSTOMER}${customerId}`, prefix: UNMATCHED }),
  invitationsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: INVITATION }),
  activityOfProject: (orgId: string, projectId: string) => ({ PK: `${ORG}${orgId}`, prefix: `${ACTIVITY}${projectId}#` }),
  /** A project's comments, in time order (their ids are ULIDs). */
  commentsOfProject: (orgId: string, projectId: string) => ({ PK: `${ORG}${orgId}`, prefix: `${COMMENT}${projectId}#` }),
  /** Every activity entry of the organization (the one-off recount only; the feed is the organizationActivity index). */
  activityOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: ACTIVITY }),
  auditOfOrganization: (orgId: string) => ({ PK: `${AUDIT_PARTITION_PREFIX}${orgId}`, prefix: AUDIT_ENTRY }),
  trialsEndingOn: (day: string) => ({ PK: `${TRIAL_ENDS}${day}`, prefix: ORG }),
  ssoDomainsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: SSO_DOMAIN }),
  scimTokensOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: SCIM_TOKEN }),
} as const;
