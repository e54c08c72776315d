import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

export function passwordChangedMail(data: { fullName: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'The password of your account was just changed, and every other signed-in session was ended.',
      'If you did not do this, reset your password at once from the sign-in page and tell your administrator.',
    ],
    action: { label: 'Sign in', url: siteLink(siteUrl, '/auth') },
    reason: `You received this email because the password of the account ${to} was changed.`,
  });
}
