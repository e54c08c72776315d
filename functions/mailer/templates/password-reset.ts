import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** The reset link; the token rides in the fragment, so it never reaches a server log or a Referer. */
export function passwordResetMail(data: { token: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: [
      'Someone asked to reset the password of your account. To choose a new password, follow the link below. It works once, within one hour.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Reset password', url: siteLink(siteUrl, `/reset-password#token=${encodeURIComponent(data.token)}`) },
    reason: `You received this email because a password reset was requested for ${to}.`,
  });
}
