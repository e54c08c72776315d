import { PRODUCT_NAME } from '../../../shared/product';
import type { RenderedMail, WebhookDisabledMailData } from '../mail';
import { renderMail, siteLink } from './layout';

/** To each admin when the product turns a webhook off (410 Gone, or 5 days of failed deliveries): which one, why, and where to turn it on again. */
export function webhookDisabledMail(data: WebhookDisabledMailData, to: string, siteUrl: string): RenderedMail {
  return renderMail({
    subject: `${data.organizationName}: a webhook was turned off`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `${PRODUCT_NAME} turned off the webhook to ${data.url}. ${data.reason}.`,
      'Nothing more is sent to it. Once your endpoint is working, turn it on again in Organization settings, under Webhooks.',
    ],
    action: { label: 'Open webhooks', url: siteLink(siteUrl, '/organization-settings?tab=webhooks') },
    reason: `You received this email because ${to} is an administrator of ${data.organizationName}.`,
  });
}
