import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/**
 * The one-time code of a sign-in that needed more proof (docs/decisions/040). Sent only after a
 * right password, so it also tells the owner that someone knows it when it was not them.
 */
export function signInCodeMail(data: { fullName: string; code: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Your ${PRODUCT_NAME} sign-in code: ${data.code}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `Your sign-in code is ${data.code}. Enter it on the sign-in page to finish signing in. It works once, within 10 minutes.`,
      'We asked for it because there were many failed sign-in attempts on your account, or from the network you are signing in from, and this browser has not signed in to your account before.',
      'If you did not just sign in, someone knows your password: reset it now.',
    ],
    action: { label: 'Reset password', url: siteLink(siteUrl, '/forgot-password') },
    reason: `You received this email because someone signed in to ${to} with the right password.`,
  });
}
