import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

export function emailVerificationMail(data: { fullName: string; token: string }, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      'Please confirm that this is your email address by following the link below. It works once, within 24 hours.',
    ],
    action: { label: 'Verify email address', url: siteLink(siteUrl, `/verify-email#token=${encodeURIComponent(data.token)}`) },
    reason: `You received this email because an account was registered with ${to}.`,
  });
}
