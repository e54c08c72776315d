import { INVITATION_VOIDED } from '../../shared/messages';
import { ROLE_LABELS } from '../../shared/roles';
import { type AuditClient, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { batchGet, getItem, keyId } from '../db/reads';
import { type TransactItem, transactWriteExplained } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { Conflict, Refused } from '../domain/errors';
import { changeEventPut } from '../events/change-event';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { actorIsAdmin, memberCounted } from '../organization-users/writes';
import { hashToken } from '../security/mail-tokens';
import {
  DOMAIN_VERIFIED_ELSEWHERE,
  SSO_REQUIRED_FOR_INVITATION,
  claimedElsewhere,
  domainClaimOf,
  memberClaimRequiresSso,
} from '../sso-requirement/rules';
import { type UserItem, newUser } from '../user/item';
import { userKeys } from '../user/keys';
import { EMAIL_TAKEN } from '../user/messages';
import { adminsOfOrganization } from '../user/reads';
import { userPuts } from '../user/writes';
import { INVITATION_HISTORY_MS, type InvitationItem, type InvitationTokenItem, ttlIn } from './item';
import { invitationKeys } from './keys';

/**
 * The invitee's side (docs/decisions/015): a link is valid while its token item exists and the
 * invitation is pending, unexpired and names that token's hash (a resend or a revoke voids it).
 */

interface ValidInvitation {
  hash: string;
  invitation: InvitationItem;
  org: OrganizationItem;
}

/**
 * The invitation a link's token opens, or undefined for an unknown, revoked, used, replaced or
 * expired one. An invitation acts with its inviter's authority, so it is re-checked here, at use:
 * an inviter who is no longer an admin of the organization (demoted or removed) voids it (Refused,
 * INVITATION_VOIDED; docs/decisions/038). The inviter is read in the same BatchGetItem.
 */
export async function findInvitationByToken(token: string): Promise<ValidInvitation | undefined> {
  const hash = hashToken(token);
  const tokenItem = await getItem<InvitationTokenItem>(invitationKeys.invitationToken(hash), { consistentRead: true });
  const now = clockNow().getTime();
  if (!tokenItem || tokenItem.expiresAt <= now) return undefined;
  const invitationKey = invitationKeys.invitation(tokenItem.orgId, tokenItem.invitationId);
  const orgKey = organizationKeys.organization(tokenItem.orgId);
  const found = await batchGet([invitationKey, orgKey], { consistentRead: true });
  const invitation = found.get(keyId(invitationKey)) as InvitationItem | undefined;
  const org = found.get(keyId(orgKey)) as OrganizationItem | undefined;
  if (!invitation || !org || invitation.status !== 'pending' || invitation.tokenHash !== hash || invitation.expiresAt <= now)
    return undefined;
  const inviter = await getItem(userKeys.user(org.id, invitation.invitedBy.id), { consistentRead: true });
  if (inviter?.role !== 'admin') throw voided();
  return { hash, invitation, org };
}

const voided = () => new Refused('invalid', INVITATION_VOIDED, { token: INVITATION_VOIDED });

/** Admins an acceptance notifies (by name order): one bounded Query, whatever the organization's size. */
const NOTIFIED_ADMINS_MAX = 100;

class InvalidMeanwhile extends Error {
  constructor() {
    super('The invitation stopped being valid meanwhile');
    this.name = 'InvalidMeanwhile';
  }
}

/**
 * Accepts an invitation in one TransactWriteItems: the invitation becomes accepted (if it is still
 * pending, unexpired and names this token), its token and its address hold go, the user and the
 * email-uniqueness item are created, an admin role raises the organization's adminCount, the audit
 * entry is written, and the inviter and the other admins are notified. Of two racing accepts exactly one passes the
 * invitation's condition. Answers undefined for a link that is (or became) invalid.
 */
export async function acceptInvitation(
  token: string,
  input: {
    fullName: string;
    /** The password's hash, given the invited address and organization (its checks may refuse it: nothing is written then). */
    hashPassword: (invited: { email: string; organizationName: string }) => Promise<string>;
  },
  client: AuditClient,
): Promise<{ user: UserItem; org: OrganizationItem } | undefined> {
  const valid = await findInvitationByToken(token);
  if (!valid) return undefined;
  const { hash, invitation, org } = valid;
  const [claim, admins] = await Promise.all([domainClaimOf(invitation.email), adminsOfOrganization(org.id, NOTIFIED_ADMINS_MAX)]);
  // Single sign-on required for the address: the invitation is accepted by signing in with SSO (docs/decisions/059).
  if (memberClaimRequiresSso(org, claim))
    throw new Refused('invalid', SSO_REQUIRED_FOR_INVITATION, { token: SSO_REQUIRED_FOR_INVITATION });
  // Another organization's verified domain: only that organization makes accounts there (docs/decisions/097).
  if (claimedElsewhere(org.id, claim))
    throw new Refused('invalid', DOMAIN_VERIFIED_ELSEWHERE, { token: DOMAIN_VERIFIED_ELSEWHERE });
  const passwordHash = await input.hashPassword({ email: invitation.email, organizationName: org.name });
  const now = clockNow().getTime();
  const user = newUser({
    orgId: org.id,
    username: invitation.email,
    fullName: input.fullName,
    role: invitation.role,
    passwordHash,
    // The invitee proved the address by opening the link that was mailed to it.
    emailVerified: true,
    createdAt: new Date(now).toISOString(),
  });
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: invitationKeys.invitation(org.id, invitation.id),
        ...updateExpression(
          {
            set: { status: 'accepted', acceptedAt: user.createdAt, acceptedUserId: user.id, ttl: ttlIn(INVITATION_HISTORY_MS) },
            remove: ['tokenHash'],
          },
          {
            expression: '#status = :pending AND tokenHash = :hash AND expiresAt > :now',
            names: { '#status': 'status' },
            values: { ':pending': 'pending', ':hash': hash, ':now': now },
          },
        ),
      },
    },
    { Delete: { TableName: TABLE_NAME, Key: invitationKeys.invitationToken(hash), ConditionExpression: 'attribute_exists(PK)' } },
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: invitationKeys.invitationEmail(org.id, invitation.email),
        ConditionExpression: 'invitationId = :id',
        ExpressionAttributeValues: { ':id': invitation.id },
      },
    },
  ];
  // Demoted or removed since the read above: the invitation is void all the same.
  const inviterAt = items.length;
  items.push(actorIsAdmin({ id: invitation.invitedBy.id, orgId: org.id }));
  // userPuts: the user, then its email item.
  const emailAt = items.length + 1;
  items.push(
    ...userPuts(user, { addressProved: true }),
    ...memberCounted(org.id, { role: user.role, withoutTwoFactor: true }, 1),
  );
  items.push(
    // The new user acts: the invitation's link is their proof.
    auditPut(
      { actor: user, client },
      {
        action: 'invitation.accepted',
        target: { type: 'invitation', id: invitation.id, label: invitation.email },
        details: { role: user.role, invitedBy: invitation.invitedBy.fullName },
      },
    ),
  );
  // The inviter (whatever their role now; gone, the fan-out leaves them out) and the admins: one event, fanned out from the stream.
  const recipients = [...new Set([invitation.invitedBy.id, ...admins.map((admin) => admin.id)])];
  items.push(
    ...changeEventPut(org.id, recipients, {
      title: `${user.fullName} joined ${org.name}`,
      content: `${user.fullName} accepted the invitation of ${invitation.invitedBy.fullName} and joined as ${ROLE_LABELS[user.role]}.`,
      linkUrl: '/users?tab=users',
    }),
  );
  try {
    await transactWriteExplained(items, (failed) => {
      // The invitation, its token or its hold changed: revoked, resent, accepted (a racing accept) or expired meanwhile.
      if (failed.has(0) || failed.has(1) || failed.has(2)) return new InvalidMeanwhile();
      if (failed.has(inviterAt)) return voided();
      if (failed.has(emailAt)) return new Conflict(EMAIL_TAKEN);
      return undefined;
    });
    return { user, org };
  } catch (error) {
    if (error instanceof InvalidMeanwhile) return undefined;
    throw error;
  }
}
