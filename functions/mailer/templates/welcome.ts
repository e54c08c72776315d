import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** For a user an administrator created: who added them, where, and where to sign in. */
export function welcomeMail(data: { fullName: string; organizationName: string; addedByName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `${data.addedByName} added you to ${data.organizationName} on ${PRODUCT_NAME}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `${data.addedByName} added you to ${data.organizationName} on ${PRODUCT_NAME}. Sign in with this email address and the password they gave you, then choose your own in User Settings.`,
    ],
    action: { label: 'Sign in', url: siteLink(siteUrl, '/auth') },
    reason: `You received this email because an administrator of ${data.organizationName} created an account for ${to}.`,
  });
}
