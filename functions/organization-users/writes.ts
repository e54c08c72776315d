import { USER_PASSWORD_MESSAGE } from '../../shared/messages';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import { type ActingUser, type WriteContext, auditPut, userTarget } from '../audit-log/entries';
import { avatarKeys } from '../avatars/keys';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import { verificationToken } from '../email-verification/writes';
import { changeEventPut, profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { outboxPut } from '../mailer/outbox';
import { notificationPut } from '../notifications/writes';
import { organizationKeys } from '../organization/keys';
import { MEMBERS_WITHOUT_TWO_FACTOR, factorStateIs } from '../organization/members-without-two-factor';
import { type EmailItem, type UserItem, hasTwoFactor, newUser } from '../user/item';
import { userIndexKeys, userKeys } from '../user/keys';
import { EMAIL_TAKEN } from '../user/messages';
import { userWordWrites } from '../user/words';
import { userPuts } from '../user/writes';
import { CANNOT_REMOVE_SELF, LAST_ADMIN, USER_CHANGED_MEANWHILE } from './messages';

/**
 * Admins managing their organization's users. Every role change and removal is one transaction
 * whose conditions re-check what the decision rested on: the acting user is still an admin, the
 * target still has the role that was read, and (when an admin goes) `adminCount > 1` on the
 * organization. Two admins demoting each other at once therefore cannot leave it without one.
 */

const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);
const lastAdmin = () => new Refused('invalid', LAST_ADMIN);

/**
 * What proves, in the write's own transaction, that the actor may still act, and the refusal when it
 * no longer holds: by default that the acting user is still an admin; for SCIM, that its token was
 * not revoked meanwhile and the admin who created it is still one (functions/scim/, decision 069).
 */
export interface Authority {
  /** The admin whose role the write rests on (the actor; a SCIM token's creator), if any. */
  adminId: string | undefined;
  /** A proof beside that admin's role (a SCIM token not revoked). */
  check?: TransactItem;
  refusal: () => Error;
}

const adminAuthority = (actor: Pick<ActingUser, 'id'>): Authority => ({ adminId: actor.id, refusal: notAdmin });

/**
 * The authority's ConditionChecks for a write that also writes `target` (the user changed or removed).
 * A transaction names an item once: when the target is the admin the authority rests on, the write's
 * own condition on the target's role holds it, so that admin must have been read as one.
 */
function authorityChecks(
  authority: Authority,
  orgId: string,
  target?: Pick<UserItem, 'id' | 'role'>,
  targetReadStrongly = true,
): TransactItem[] {
  const checks = authority.check ? [authority.check] : [];
  if (authority.adminId === undefined) return checks;
  if (authority.adminId !== target?.id) return [...checks, actorIsAdmin({ id: authority.adminId, orgId })];
  // An eventually consistent read may still show the role they had before a promotion.
  if (target.role !== 'admin') throw targetReadStrongly ? authority.refusal() : new StaleRead();
  return checks;
}

/** Whether a failed transaction item is one of the authority's checks, pushed from `at`. */
const failedAuthority = (failed: Set<number>, at: number, checks: TransactItem[]) =>
  checks.some((_, index) => failed.has(at + index));

/** Another request changed the items between our read and our write: read again and redecide. */
const MAX_ATTEMPTS = 4;

interface SaveUserInput {
  username: string;
  fullName: string;
  role: Role;
  /** Absent: keep the current password (updates only). */
  passwordHash?: string;
  /** Named in the welcome mail a created user receives. */
  organizationName: string;
}

interface SavedUser {
  user: UserItem;
  created: boolean;
  /** True when the password of an existing user was replaced (their sessions must end). */
  passwordReplaced: boolean;
}

/**
 * Creates a user in the actor's organization, or updates the one that already has this email there;
 * the audit entries (added; edited and/or role changed) go in the write's own transaction.
 */
export async function saveOrganizationUser(
  context: WriteContext,
  input: SaveUserInput,
  read?: { emailItem?: EmailItem; authority?: Authority },
): Promise<SavedUser> {
  const { actor } = context;
  const authority = read?.authority ?? adminAuthority(actor);
  for (let attempt = 1; ; attempt += 1) {
    // The first attempt can use the email item read with the session (preloadSavedEmail); a retry reads again,
    // strongly: it follows a write that found the items changed, and must see that change.
    const retry = attempt > 1;
    const stored =
      !retry && read ? read.emailItem : await getItem<EmailItem>(userKeys.email(input.username), { consistentRead: retry });
    // Any account of another organization keeps its address, verified or not (docs/decisions/097).
    const emailItem = stored;
    if (emailItem && emailItem.orgId !== actor.orgId) throw new Conflict(EMAIL_TAKEN);
    // Eventually consistent first: the write is conditional on the role it read, so a stale read only costs a retry.
    const existing = emailItem
      ? await getItem<UserItem>(userKeys.user(actor.orgId, emailItem.userId), { consistentRead: retry })
      : undefined;
    try {
      if (existing) return await updateUser(context, existing, input, authority, retry);
      if (emailItem) throw new StaleRead();
      return await createUser(context, input, authority);
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new Conflict(USER_CHANGED_MEANWHILE);
    }
  }
}

async function createUser(context: WriteContext, input: SaveUserInput, authority: Authority): Promise<SavedUser> {
  const { actor } = context;
  if (!input.passwordHash) throw new Refused('invalid', USER_PASSWORD_MESSAGE, { password: USER_PASSWORD_MESSAGE });
  const user = newUser({
    orgId: actor.orgId,
    username: input.username,
    fullName: input.fullName,
    role: input.role,
    passwordHash: input.passwordHash,
    emailVerified: false,
  });
  // The welcome mail carries the verification link, so the app's 'we sent a link' banner is true for them too.
  const verification = verificationToken(user);
  user.emailVerificationTokenHash = verification.hash;
  const welcome = outboxPut(user.username, {
    template: 'welcome',
    data: {
      fullName: user.fullName,
      organizationName: input.organizationName,
      addedByName: actor.fullName,
      token: verification.token,
    },
  });
  const added = auditPut(context, { action: 'user.added', target: userTarget(user), details: { role: user.role } });
  const checks = authorityChecks(authority, actor.orgId);
  const items: TransactItem[] = [
    ...checks,
    ...userPuts(user),
    verification.tokenPut,
    welcome,
    added,
    // A new member has no second factor yet.
    ...memberCounted(actor.orgId, { role: user.role, withoutTwoFactor: true }, 1),
  ];
  await transactWriteExplained(items, (failed) => {
    if (failedAuthority(failed, 0, checks)) return authority.refusal();
    // The email was taken between our read and our write: by another organization or by ours.
    return new StaleRead();
  });
  return { user, created: true, passwordReplaced: false };
}

async function updateUser(
  context: WriteContext,
  current: UserItem,
  input: SaveUserInput,
  authority: Authority,
  readStrongly: boolean,
): Promise<SavedUser> {
  const { actor } = context;
  const roleChanged = current.role !== input.role;
  const isSelf = current.id === actor.id;
  const notify = roleChanged && !isSelf;
  const next = { ...current, fullName: input.fullName.trim(), role: input.role };
  // What project member lists show changed: their copies are renewed after the fact (docs/decisions/063).
  const profileChanged = roleChanged || next.fullName !== current.fullName;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: userKeys.user(current.orgId, current.id),
        ...updateExpression(
          {
            set: {
              fullName: next.fullName,
              role: input.role,
              ...userIndexKeys(next),
              ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
            },
            ...(profileChanged ? { add: profileVersionRaise } : {}),
          },
          // The index keys and word items are computed from the name read: a concurrent rename is a stale read.
          {
            expression: 'attribute_exists(PK) AND #role = :current AND fullName = :name',
            names: { '#role': 'role' },
            values: { ':current': current.role, ':name': current.fullName },
          },
        ),
      },
    },
    ...userWordWrites(current, current, next),
    ...(profileChanged ? profileChangedEvent(current.orgId, current.id) : []),
  ];
  // Acting on oneself (or a SCIM token on its creator): the condition above (still admin) holds the authority.
  const checks = authorityChecks(authority, actor.orgId, current, readStrongly);
  const checksAt = items.length;
  items.push(...checks);
  const countAt = roleChanged ? items.push(organizationCounts(actor.orgId, { admins: input.role === 'admin' ? 1 : -1 })) - 1 : -1;
  if (notify) {
    items.push(
      notificationPut(current.id, {
        title: 'Your role has changed',
        content: `An administrator changed your role to ${ROLE_LABELS[input.role]}.`,
        linkUrl: null,
      }),
    );
  }
  items.push(...userChangeEntries(context, current, input));
  await transactWriteExplained(items, (failed) => {
    if (failedAuthority(failed, checksAt, checks)) return authority.refusal();
    if (failed.has(0)) return new StaleRead();
    if (failed.has(countAt)) return lastAdmin();
    return undefined;
  });
  const user: UserItem = {
    ...current,
    fullName: input.fullName.trim(),
    role: input.role,
    ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}),
  };
  return { user, created: false, passwordReplaced: Boolean(input.passwordHash) };
}

/**
 * What an update of a user records: the role change with from and to, and an edit (name from and to,
 * whether a password was set) whenever the save did anything but change the role, so that every
 * save leaves an entry.
 */
function userChangeEntries(context: WriteContext, current: UserItem, input: SaveUserInput): TransactItem[] {
  const fullName = input.fullName.trim();
  const target = { ...userTarget(current), label: fullName };
  const entries: TransactItem[] = [];
  if (current.role !== input.role) {
    entries.push(auditPut(context, { action: 'user.role_changed', target, details: { from: current.role, to: input.role } }));
  }
  const renamed = current.fullName !== fullName;
  if (renamed || input.passwordHash || entries.length === 0) {
    const details = {
      ...(renamed ? { fromName: current.fullName, toName: fullName } : {}),
      passwordSet: Boolean(input.passwordHash),
    };
    entries.push(auditPut(context, { action: 'user.edited', target, details }));
  }
  return entries;
}

/**
 * Removes a user of the actor's organization: the user, their email (free to use again), their
 * avatar, the audit entry and an event go in one transaction with the checks. Their sessions stop
 * working at once (a session needs its user item) and are deleted afterwards; the stream consumer
 * takes them off every project from the event, a project's 'members removed' entry each
 * (functions/projects/removed-member.ts), so the request's work does not grow with their projects.
 */
export async function removeOrganizationUser(
  context: WriteContext,
  userId: string,
  read?: { target?: UserItem; authority?: Authority },
): Promise<UserItem> {
  const { actor } = context;
  const authority = read?.authority ?? adminAuthority(actor);
  if (userId === actor.id) throw new Refused('invalid', CANNOT_REMOVE_SELF);
  for (let attempt = 1; ; attempt += 1) {
    // The first attempt can use the user read with the session (preloadRemovedUser); a retry reads again.
    const readNow = attempt > 1 || !read?.target;
    const target = readNow
      ? await getItem<UserItem>(userKeys.user(actor.orgId, userId), { consistentRead: attempt > 1 })
      : read.target;
    if (!target) throw new NotFound();
    const withoutFactor = factorStateIs(hasTwoFactor(target));
    const checks = authorityChecks(authority, actor.orgId, target);
    const items: TransactItem[] = [
      ...checks,
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: userKeys.user(actor.orgId, userId),
          // The factor state read decides whether they leave the count of members without two-factor.
          ConditionExpression: `#role = :role AND ${withoutFactor.expression}`,
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': target.role, ...withoutFactor.values },
        },
      },
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: userKeys.email(target.username),
          ConditionExpression: 'userId = :id',
          ExpressionAttributeValues: { ':id': userId },
        },
      },
      { Delete: { TableName: TABLE_NAME, Key: avatarKeys.avatar(userId) } },
      ...userWordWrites(target, target, undefined),
      auditPut(context, { action: 'user.removed', target: userTarget(target), details: { role: target.role } }),
      // Their projects are left after the request, from this event (issue 62, item 3): 500 of them are not one request's work.
      ...memberCounted(actor.orgId, { role: target.role, withoutTwoFactor: !hasTwoFactor(target) }, -1, {
        removedMember: {
          user: { id: target.id, fullName: target.fullName },
          actor: { id: actor.id, fullName: actor.fullName, avatarUrl: actor.avatarUrl ?? null },
        },
      }),
    ];
    const removedAt = checks.length;
    // The admins' count, when an admin leaves, is the last item: refused, they were the last admin.
    const countAt = target.role === 'admin' ? items.length - 1 : -1;
    try {
      await transactWriteExplained(items, (failed) => {
        if (failedAuthority(failed, 0, checks)) return authority.refusal();
        if (failed.has(countAt)) return lastAdmin();
        if (failed.has(removedAt)) return new StaleRead();
        return undefined;
      });
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new Conflict(USER_CHANGED_MEANWHILE);
      continue;
    }
    return target;
  }
}

class StaleRead extends Error {
  constructor() {
    super('The items changed between read and write');
    this.name = 'StaleRead';
  }
}

/** The acting admin is still an admin when the write happens (not only when the request began). */
export function actorIsAdmin(actor: Pick<ActingUser, 'id' | 'orgId'>): TransactItem {
  return {
    ConditionCheck: {
      TableName: TABLE_NAME,
      Key: userKeys.user(actor.orgId, actor.id),
      ConditionExpression: '#role = :admin',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':admin': 'admin' },
    },
  };
}

/**
 * The organization's count of admins, updated in the transaction that adds or removes one: one admin
 * less only while another admin remains.
 */
export function organizationCounts(orgId: string, delta: { admins: 1 | -1 }): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: organizationKeys.organization(orgId),
      ...updateExpression(
        { add: { adminCount: delta.admins } },
        delta.admins === -1 ? { expression: 'adminCount > :one', values: { ':one': 1 } } : { expression: 'attribute_exists(PK)' },
      ),
    },
  };
}

/**
 * A member arrives (+1) or leaves (−1): the counts of users and of members without two-factor are
 * the event's figures, which the stream consumer adds to the organization item, so a SCIM import of
 * 5,000 people does not write the organization's item 5,000 times in their requests (issue 62,
 * item 4); an admin's arrival or departure also moves the count of admins, in the request.
 */
export function memberCounted(
  orgId: string,
  member: { role: UserItem['role']; withoutTwoFactor: boolean },
  sign: 1 | -1,
  extras?: Parameters<typeof changeEventPut>[4],
): TransactItem[] {
  const figures = { userCount: sign, ...(member.withoutTwoFactor ? { [MEMBERS_WITHOUT_TWO_FACTOR]: sign } : {}) };
  return [
    ...changeEventPut(orgId, [], undefined, figures, extras),
    ...(member.role === 'admin' ? [organizationCounts(orgId, { admins: sign })] : []),
  ];
}
