import { mailAllowedRecipients, mailSendsPerSecond, siteUrl as stageSiteUrl } from '../config';
import { logger } from '../observability/logger';
import { countMetric } from '../observability/metrics';
import type { MailerSettings } from './deliver-outbox';
import type { DeferredMailResolvers } from './mail';
import { pacedSend } from './paced-send';
import { transportFromEnvironment } from './transport';

/** How the mailer and its sweeper send, from the function's environment (infra/constructs/mailer.ts); read once per cold start. */
export function mailerSettingsFromEnvironment(deferred: DeferredMailResolvers): MailerSettings {
  const siteUrl = stageSiteUrl();
  // This sender's share of the SES sending rate (infra/constructs/mailer.ts); unset locally: no pacing.
  const perSecond = mailSendsPerSecond();
  const transport = transportFromEnvironment();
  return {
    send: perSecond > 0 ? pacedSend(transport, perSecond) : transport,
    siteUrl,
    allowList: mailAllowedRecipients(),
    log: ({ level, ...entry }) => (level === 'error' ? logger.error('mail failed', entry) : logger.info('mail', entry)),
    count: (outcome) => countMetric(outcome),
    deferred,
  };
}
