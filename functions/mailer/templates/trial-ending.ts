import { PRODUCT_NAME } from '../../../shared/product';
import { longDate } from '../../billing/billing-notifications';
import type { RenderedMail } from '../mail';
import { renderMail, siteLink } from './layout';

/** Three days (or less) before the trial ends, to each admin. */
export function trialEndingMail(
  data: { fullName: string; organizationName: string; trialEnd: string | null },
  to: string,
  siteUrl: string,
): RenderedMail {
  const when = data.trialEnd ? `on ${longDate(data.trialEnd)}` : 'soon';
  return renderMail({
    subject: `${data.organizationName}: your ${PRODUCT_NAME} trial ends ${when}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `The trial of ${data.organizationName} on ${PRODUCT_NAME} ends ${when}. Choose a plan on the billing page to keep your subscription.`,
    ],
    action: { label: 'Choose a plan', url: siteLink(siteUrl, '/billing') },
    reason: `You received this email because ${to} is an administrator of ${data.organizationName}.`,
  });
}
