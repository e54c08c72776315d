import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { InvitationMailOf } from '../mailer/outbox';
import { invitationKeys } from './keys';

/**
 * The invitation's link mail could not be delivered after its last try: the admins see it in Pending
 * invitations, with Resend. Only while it is pending and this mail is still its current one (a
 * resend's new mail, or an accepted or revoked invitation, is left alone). Answers whether it was marked.
 */
export function markInvitationMailFailed(invitation: InvitationMailOf, outboxId: string, failedAt: number): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: invitationKeys.invitation(invitation.orgId, invitation.id),
        ...updateExpression(
          { set: { mailFailedAt: new Date(failedAt).toISOString() } },
          {
            expression: '#status = :pending AND mailId = :mail',
            names: { '#status': 'status' },
            values: { ':pending': 'pending', ':mail': outboxId },
          },
        ),
      }),
    ),
  );
}
