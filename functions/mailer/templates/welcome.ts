import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/**
 * For a user an administrator created: who added them and where; the button verifies the address
 * (the link works once, within 24 hours) and then leads to sign-in.
 */
export function welcomeMail(
  data: { fullName: string; organizationName: string; addedByName: string; token?: string },
  to: string,
  siteUrl: string,
): RenderedMail {
  return renderMail({
    subject: `${data.addedByName} added you to ${data.organizationName} on ${PRODUCT_NAME}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `${data.addedByName} added you to ${data.organizationName} on ${PRODUCT_NAME}. Confirm this email address with the button below, then sign in at ${siteLink(siteUrl, '/auth')} with the password they gave you and choose your own in User Settings.`,
    ],
    // A mail queued before welcome mails carried the link has none: it leads to sign-in.
    action: data.token
      ? { label: 'Verify email address', url: siteLink(siteUrl, `/verify-email#token=${encodeURIComponent(data.token)}`) }
      : { label: 'Sign in', url: siteLink(siteUrl, '/auth') },
    reason: `You received this email because an administrator of ${data.organizationName} created an account for ${to}.`,
  });
}
