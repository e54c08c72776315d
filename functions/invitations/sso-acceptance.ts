import { type AuditClient, auditPut } from '../audit-log/entries';
import { now as clockNow } from '../clock';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { actorIsAdmin } from '../organization-users/writes';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { INVITATION_HISTORY_MS, type InvitationEmailItem, type InvitationItem, ttlIn } from './item';
import { invitationKeys } from './keys';

/**
 * The pending invitation of an address signing in with single sign-on for the first time, while
 * its inviter is still an admin (docs/decisions/038): where SSO is required it is how an invitation
 * is accepted (docs/decisions/059), and it gives the person the role they were invited with.
 */
export async function pendingInvitationOf(orgId: string, email: string): Promise<InvitationItem | undefined> {
  const hold = await getItem<InvitationEmailItem>(invitationKeys.invitationEmail(orgId, email), { consistentRead: true });
  if (!hold) return undefined;
  const invitation = await getItem(invitationKeys.invitation(orgId, hold.invitationId), { consistentRead: true });
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt <= clockNow().getTime()) return undefined;
  const inviter = await getItem(userKeys.user(orgId, invitation.invitedBy.id), { consistentRead: true });
  return inviter?.role === 'admin' ? invitation : undefined;
}

/** The writes that mark the invitation accepted by `user` (signed in with SSO), for the creation's own transaction: each fails it if the invitation changed. */
export function acceptedBySsoItems(invitation: InvitationItem, user: UserItem, client: AuditClient): TransactItem[] {
  const now = clockNow().getTime();
  return [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: invitationKeys.invitation(invitation.orgId, invitation.id),
        ...updateExpression(
          {
            set: { status: 'accepted', acceptedAt: user.createdAt, acceptedUserId: user.id, ttl: ttlIn(INVITATION_HISTORY_MS) },
            remove: ['tokenHash'],
          },
          {
            expression: '#status = :pending AND expiresAt > :now',
            names: { '#status': 'status' },
            values: { ':pending': 'pending', ':now': now },
          },
        ),
      },
    },
    ...(invitation.tokenHash
      ? [{ Delete: { TableName: TABLE_NAME, Key: invitationKeys.invitationToken(invitation.tokenHash) } }]
      : []),
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: invitationKeys.invitationEmail(invitation.orgId, invitation.email),
        ConditionExpression: 'invitationId = :id',
        ExpressionAttributeValues: { ':id': invitation.id },
      },
    },
    actorIsAdmin({ id: invitation.invitedBy.id, orgId: invitation.orgId }),
    auditPut(
      { actor: user, client },
      {
        action: 'invitation.accepted',
        target: { type: 'invitation', id: invitation.id, label: invitation.email },
        details: { role: user.role, invitedBy: invitation.invitedBy.fullName, by: 'sso' },
      },
    ),
  ];
}
