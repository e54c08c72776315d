import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** A reset asked for an address whose organization requires single sign-on: no link, where to sign in instead (docs/decisions/059). */
export function passwordResetBySsoMail(data: { address: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Sign in to ${PRODUCT_NAME} with single sign-on`,
    paragraphs: [
      `Someone asked to reset the password of the account ${data.address}.`,
      `Your organization requires single sign-on, so ${PRODUCT_NAME} passwords are not used for this address. Sign in with ‘Sign in with SSO’ on the sign-in page, using your work account.`,
      'If you did not ask for this, you can ignore this email.',
    ],
    action: { label: 'Sign in', url: siteLink(siteUrl, '/auth') },
    reason: `You received this email because a password reset was asked for ${to}.`,
  });
}
