import { ulid } from 'ulid';
import type { Role } from '../../shared/roles';
import {
  INVITATION_ALREADY_PENDING,
  INVITATION_NOT_PENDING,
  type InvitationResponse,
} from '../../shared/schemas/organization-invitations';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import type { Key } from '../db/keys';
import type { StartKey } from '../db/list-cursor';
import { type Page, readQueryPage } from '../db/query-page';
import { getItem } from '../db/reads';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { ADMINS_ONLY } from '../domain/require-admin';
import {
  INVITATION_HISTORY_MS,
  INVITATION_LIFETIME_MS,
  type InvitationEmailItem,
  type InvitationItem,
  invitationEmailItem,
  invitationTokenItem,
  newInvitation,
  toInvitationResponse,
  ttlIn,
} from '../invitations/item';
import { invitationCollections, invitationKeys } from '../invitations/keys';
import { outboxPut } from '../mailer/outbox';
import type { OrganizationItem } from '../organization/item';
import { actorIsAdmin } from '../organization-users/writes';
import { newMailToken } from '../security/mail-tokens';
import { INVITATION_RESENDS_PER_INVITATION } from '../throttles/rules';
import {
  type FixedWindowItem,
  countInFixedWindows,
  fixedWindowCount,
  fixedWindowKey,
  fixedWindowRetryAfter,
  windowMoved,
} from '../throttles/throttles';
import { type EmailItem, type UserItem, holdsAddress } from '../user/item';
import { userKeys } from '../user/keys';
import { EMAIL_TAKEN } from '../user/messages';
import { TAKES_UNVERIFIED_HOLD } from '../user/writes';

/**
 * Admins' side of invitations (docs/decisions/015): invite, list, resend, revoke. Each change is one
 * TransactWriteItems with the invitation, its token item (keyed by the token's SHA-256), the item
 * that holds the address while the invitation is pending, the mail's outbox item, and a check that
 * the actor is still an admin, and its audit entry.
 */

const INVITATION_ALREADY_ACCEPTED = 'This invitation has already been accepted.';
const INVITATION_CHANGED = 'The invitation changed meanwhile. Please try again.';

const notAdmin = () => new Refused('not-allowed', ADMINS_ONLY);

/** The audit entry of an admin's change to an invitation, for that change's own transaction. */
const invitationAudit = (
  context: WriteContext,
  invitation: InvitationItem,
  action: 'invitation.sent' | 'invitation.resent' | 'invitation.revoked',
) =>
  auditPut(context, {
    action,
    target: { type: 'invitation', id: invitation.id, label: invitation.email },
    details: { role: invitation.role },
  });
const iso = (ms: number) => new Date(ms).toISOString();

/** The Put of a link's token item: found by the token's hash, it names the invitation. */
function tokenPut(hash: string, invitation: InvitationItem, now: number): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...invitationKeys.invitationToken(hash), ...invitationTokenItem(invitation, now) },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The invitation holds its address: refused while another unexpired invitation holds it. */
function emailHoldPut(invitation: InvitationItem, now: number): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...invitationKeys.invitationEmail(invitation.orgId, invitation.email), ...invitationEmailItem(invitation, now) },
      ConditionExpression: 'attribute_not_exists(PK) OR invitationId = :id OR expiresAt <= :now',
      ExpressionAttributeValues: { ':id': invitation.id, ':now': now },
    },
  };
}

function invitationMailPut(invitation: InvitationItem, organizationName: string, token: string): TransactItem {
  return outboxPut(
    invitation.email,
    {
      template: 'invitation',
      data: {
        organizationName,
        invitedByName: invitation.invitedBy.fullName,
        role: invitation.role,
        expiresAt: iso(invitation.expiresAt),
        token,
      },
    },
    invitation.mailId,
    { orgId: invitation.orgId, id: invitation.id },
  );
}

/**
 * What the address is to this organization: free (no account, or an unproved registration, which
 * gives way: docs/decisions/041), a member's, or another organization's account.
 */
type AddressState = { held: 'free' } | { held: 'here' } | { held: 'elsewhere'; owner: EmailItem };

async function addressState(email: string, orgId: string): Promise<AddressState> {
  const item = await getItem<EmailItem>(userKeys.email(email), { consistentRead: true });
  if (item?.orgId === orgId) return { held: 'here' };
  return holdsAddress(item) ? { held: 'elsewhere', owner: item } : { held: 'free' };
}

/** The transaction's check that the address is still as read: free, or still that account's. */
function addressStill(email: string, state: AddressState): TransactItem {
  const Key = userKeys.email(email);
  if (state.held === 'elsewhere') {
    return {
      ConditionCheck: {
        TableName: TABLE_NAME,
        Key,
        ConditionExpression: 'userId = :owner AND attribute_not_exists(unverified)',
        ExpressionAttributeValues: { ':owner': state.owner.userId },
      },
    };
  }
  return {
    ConditionCheck: {
      TableName: TABLE_NAME,
      Key,
      ConditionExpression: TAKES_UNVERIFIED_HOLD.expression,
      ExpressionAttributeValues: TAKES_UNVERIFIED_HOLD.values,
    },
  };
}

/**
 * The invitation's mail: the link, or, for an address another organization's account holds, a
 * mail to its owner saying someone tried (the invitation is written all the same and its link is
 * mailed to no one, so the admin's answer, list and audit log cannot tell: docs/decisions/041).
 */
function mailFor(invitation: InvitationItem, state: AddressState, organizationName: string, token: string): TransactItem {
  // The data is never empty: the stream's image of an empty map does not unmarshal.
  if (state.held === 'elsewhere')
    return outboxPut(state.owner.username ?? invitation.email, {
      template: 'invitation-attempt',
      data: { attemptedAt: invitation.resentAt ?? invitation.createdAt },
    });
  return invitationMailPut(invitation, organizationName, token);
}

/** The address changed between the read and the write: read it again. */
class AddressMoved extends Error {
  constructor() {
    super('The invited address changed between read and write');
    this.name = 'AddressMoved';
  }
}

/**
 * Invites an address into the actor's organization. 409 when a member of this organization has the
 * address, or when an unexpired invitation of this organization holds it (the admin resends that
 * one instead). An address with an account in another organization is invited alike, quietly.
 */
export async function createInvitation(
  context: WriteContext<UserItem>,
  org: OrganizationItem,
  input: { email: string; role: Role },
): Promise<InvitationItem> {
  const { actor } = context;
  for (let attempt = 1; ; attempt += 1) {
    const state = await addressState(input.email, actor.orgId);
    // Inside the organization the admin may know: the member is in the Users list.
    if (state.held === 'here') throw new Conflict(EMAIL_TAKEN);
    const now = clockNow().getTime();
    const { token, hash } = newMailToken();
    const invitation = newInvitation(
      { orgId: actor.orgId, email: input.email, role: input.role, invitedBy: actor, tokenHash: hash },
      now,
    );
    try {
      await transactWriteExplained(
        [
          actorIsAdmin(actor),
          addressStill(invitation.email, state),
          emailHoldPut(invitation, now),
          {
            Put: {
              TableName: TABLE_NAME,
              Item: { ...invitationKeys.invitation(invitation.orgId, invitation.id), ...invitation },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          tokenPut(hash, invitation, now),
          mailFor(invitation, state, org.name, token),
          invitationAudit(context, invitation, 'invitation.sent'),
        ],
        (failed) => {
          if (failed.has(0)) return notAdmin();
          if (failed.has(1)) return new AddressMoved();
          if (failed.has(2)) return new Conflict(INVITATION_ALREADY_PENDING);
          return undefined;
        },
      );
      return invitation;
    } catch (error) {
      if (!(error instanceof AddressMoved) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Ended or expired within the list's window, or still pending. */
function listed(item: InvitationItem, now: number): boolean {
  const since = now - INVITATION_HISTORY_MS;
  if (item.status === 'pending') return item.expiresAt > since;
  const endedAt = Date.parse((item.status === 'revoked' ? item.revokedAt : item.acceptedAt) ?? item.createdAt);
  return endedAt > since;
}

/**
 * A page of the organization's pending invitations and those that expired or ended in the last 30
 * days, newest first: one Query of limit + 1 (docs/decisions/062). Read strongly: an admin's new
 * invitation is on the list they return to. Those past the window are only the few TTL has not
 * deleted yet, so they are skipped in code rather than filtered by the key.
 */
export async function listInvitationPage(
  orgId: string,
  limit: number,
  start: StartKey | undefined,
): Promise<{ invitations: InvitationResponse[]; page: Page<InvitationItem> }> {
  const now = clockNow().getTime();
  const { PK, prefix } = invitationCollections.invitationsOfOrganization(orgId);
  const invitations = keyBeginsWith('SK', prefix);
  const page = await readQueryPage<InvitationItem & Key>(
    {
      input: {
        TableName: TABLE_NAME,
        KeyConditionExpression: `PK = :pk AND ${invitations.expression}`,
        ExpressionAttributeValues: { ':pk': PK, ...invitations.values },
        ConsistentRead: true,
        ScanIndexForward: false,
      },
      limit,
      filtered: false,
      matches: (item) => listed(item, now),
    },
    start,
  );
  return { invitations: page.items.map((item) => toInvitationResponse(item, now)), page };
}

type ResendOutcome = { invitation: InvitationItem } | { retryAfter: number };

/**
 * A new link and a new expiry for a pending (or expired) invitation: the old token item goes and the
 * invitation names the new hash, so the old link stops working at once. At most
 * INVITATION_RESENDS_PER_INVITATION, counted in the same transaction.
 */
export async function resendInvitation(
  context: WriteContext<UserItem>,
  org: OrganizationItem,
  current: InvitationItem | undefined,
): Promise<ResendOutcome> {
  if (!current) throw new NotFound();
  return countInFixedWindows(() => resendOnce(context, org, current, clockNow().getTime()));
}

async function resendOnce(
  context: WriteContext<UserItem>,
  org: OrganizationItem,
  current: InvitationItem,
  now: number,
): Promise<ResendOutcome> {
  const { actor } = context;
  if (current.status !== 'pending' || !current.tokenHash) throw new Conflict(INVITATION_NOT_PENDING);
  const rule = INVITATION_RESENDS_PER_INVITATION;
  const [counter, state] = await Promise.all([
    getItem<FixedWindowItem>(fixedWindowKey(rule, current.id), { consistentRead: true }),
    addressState(current.email, current.orgId),
  ]);
  const retryAfter = fixedWindowRetryAfter(rule, counter, now);
  if (retryAfter !== undefined) return { retryAfter };
  if (state.held === 'here') throw new Conflict(EMAIL_TAKEN);

  const { token, hash } = newMailToken();
  const invitation: InvitationItem = {
    ...current,
    expiresAt: now + INVITATION_LIFETIME_MS,
    tokenHash: hash,
    resentAt: iso(now),
    mailId: ulid(),
    ttl: ttlIn(INVITATION_LIFETIME_MS + INVITATION_HISTORY_MS),
  };
  delete invitation.mailFailedAt;
  await transactWriteExplained(
    [
      actorIsAdmin(actor),
      {
        Update: {
          TableName: TABLE_NAME,
          Key: invitationKeys.invitation(current.orgId, current.id),
          ...updateExpression(
            {
              set: {
                expiresAt: invitation.expiresAt,
                tokenHash: hash,
                resentAt: invitation.resentAt,
                mailId: invitation.mailId!,
                ttl: invitation.ttl,
              },
              remove: ['mailFailedAt'],
            },
            {
              expression: '#status = :pending AND tokenHash = :old',
              names: { '#status': 'status' },
              values: { ':pending': 'pending', ':old': current.tokenHash },
            },
          ),
        },
      },
      emailHoldPut(invitation, now),
      tokenPut(hash, invitation, now),
      { Delete: { TableName: TABLE_NAME, Key: invitationKeys.invitationToken(current.tokenHash) } },
      fixedWindowCount(rule, current.id, counter, now),
      mailFor(invitation, state, org.name, token),
      invitationAudit(context, invitation, 'invitation.resent'),
    ],
    (failed) => {
      if (failed.has(0)) return notAdmin();
      // Revoked, accepted or resent by someone else since it was read.
      if (failed.has(1)) return new Conflict(INVITATION_NOT_PENDING);
      // It expired and a newer invitation took the address.
      if (failed.has(2)) return new Conflict(INVITATION_ALREADY_PENDING);
      return windowMoved(failed, [5]);
    },
  );
  return { invitation };
}

class StaleRead extends Error {
  constructor() {
    super('The invitation changed between read and write');
    this.name = 'StaleRead';
  }
}

const MAX_ATTEMPTS = 4;

/**
 * Revokes a pending invitation: its token item goes (the link stops working at once) and the
 * address is free for a new invitation. Revoking a revoked one answers it as it is.
 */
export async function revokeInvitation(
  context: WriteContext<UserItem>,
  first: InvitationItem | undefined,
): Promise<InvitationItem> {
  const { actor } = context;
  let current = first;
  for (let attempt = 1; ; attempt += 1) {
    if (!current) throw new NotFound();
    if (current.status === 'revoked') return current;
    if (current.status === 'accepted' || !current.tokenHash) throw new Conflict(INVITATION_ALREADY_ACCEPTED);
    const holdKey = invitationKeys.invitationEmail(current.orgId, current.email);
    const hold = await getItem<InvitationEmailItem>(holdKey, { consistentRead: true });
    const now = clockNow().getTime();
    const revoked: InvitationItem = { ...current, status: 'revoked', revokedAt: iso(now), ttl: ttlIn(INVITATION_HISTORY_MS) };
    delete revoked.tokenHash;
    const items: TransactItem[] = [
      actorIsAdmin(actor),
      {
        Update: {
          TableName: TABLE_NAME,
          Key: invitationKeys.invitation(current.orgId, current.id),
          ...updateExpression(
            { set: { status: 'revoked', revokedAt: revoked.revokedAt, ttl: revoked.ttl }, remove: ['tokenHash'] },
            {
              expression: '#status = :pending AND tokenHash = :hash',
              names: { '#status': 'status' },
              values: { ':pending': 'pending', ':hash': current.tokenHash },
            },
          ),
        },
      },
      { Delete: { TableName: TABLE_NAME, Key: invitationKeys.invitationToken(current.tokenHash) } },
      invitationAudit(context, current, 'invitation.revoked'),
    ];
    // An expired invitation's address may have been taken by a newer one: that hold stays.
    if (hold?.invitationId === current.id) {
      items.push({
        Delete: {
          TableName: TABLE_NAME,
          Key: holdKey,
          ConditionExpression: 'invitationId = :id',
          ExpressionAttributeValues: { ':id': current.id },
        },
      });
    }
    try {
      await transactWriteExplained(items, (failed) => (failed.has(0) ? notAdmin() : new StaleRead()));
      return revoked;
    } catch (error) {
      if (!(error instanceof StaleRead)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new Conflict(INVITATION_CHANGED);
      current = await getItem<InvitationItem>(invitationKeys.invitation(current.orgId, current.id), { consistentRead: true });
    }
  }
}
