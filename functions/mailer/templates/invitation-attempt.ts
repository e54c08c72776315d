import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail } from './layout';

/**
 * To the owner of an account that another organization tried to invite (docs/decisions/041). The
 * inviting organization's and person's names are the sender's choice, so the mail carries neither:
 * it cannot be used to send chosen words to any address.
 */
export function invitationAttemptMail(data: { attemptedAt: string }, to: string): RenderedMail {
  return renderMail({
    subject: `Someone tried to invite you to ${PRODUCT_NAME}`,
    paragraphs: [
      `On ${data.attemptedAt.slice(0, 10)} an administrator of an organization on ${PRODUCT_NAME} tried to invite this address. You already have an account, and an address belongs to one organization, so nothing changed and no invitation was sent.`,
      'If you expected an invitation, ask the person who invited you to use another address. Otherwise you can ignore this email.',
    ],
    reason: `You received this email because an invitation was addressed to ${to}.`,
  });
}
