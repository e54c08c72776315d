import { PRODUCT_NAME } from '../../../shared/product';
import { ROLE_LABELS } from '../../../shared/roles';
import type { InvitationMailData, RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** 'March 19, 2025 at 06:00 UTC': the instant the link stops working, in one time zone every reader can place. */
const expiryText = (iso: string) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))} at ${iso.slice(11, 16)} UTC`;

/** The invitation: the organization, who invites, the role and the expiry; the token rides in the link's fragment. */
export function invitationMail(data: InvitationMailData, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `${data.invitedByName} invited you to join ${data.organizationName} on ${PRODUCT_NAME}`,
    paragraphs: [
      'Hello,',
      `${data.invitedByName} invited you to join ${data.organizationName} on ${PRODUCT_NAME} as ${ROLE_LABELS[data.role]}. To accept, follow the link below and choose your name and password.`,
      `The invitation expires on ${expiryText(data.expiresAt)}. If you were not expecting it, ignore this email.`,
    ],
    action: { label: 'Accept invitation', url: siteLink(siteUrl, `/invite#token=${encodeURIComponent(data.token)}`) },
    reason: `You received this email because an administrator of ${data.organizationName} invited ${to}.`,
  });
}
