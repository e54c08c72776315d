import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** invoice.payment_failed, to each admin: the in-app notification's words, and where to fix it. */
export function paymentFailedMail(
  data: { fullName: string; organizationName: string },
  to: string,
  siteUrl: string,
): RenderedMail {
  return renderMail({
    subject: `${data.organizationName}: your last payment failed`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `Your last payment for ${data.organizationName} on ${PRODUCT_NAME} failed. Update your payment method.`,
      'Your data stays available while you do: nothing is locked.',
    ],
    action: { label: 'Open billing', url: siteLink(siteUrl, '/billing') },
    reason: `You received this email because ${to} is an administrator of ${data.organizationName}.`,
  });
}
