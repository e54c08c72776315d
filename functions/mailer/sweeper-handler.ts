import { logger } from '../observability/logger';
import { countMetric, publishMetrics, runCountingMetrics } from '../observability/metrics';
import { sweepOutbox } from './deliver-outbox';
import { transportFromEnvironment } from './transport';

const send = transportFromEnvironment();
const siteUrl = process.env.SITE_URL;
if (!siteUrl) throw new Error("SITE_URL is not set: mail links are built from the stage's own site URL");

/** The outbox sweeper, on a schedule (infra/constructs/mailer.ts): the later tries of mails whose sends failed. */
export const handler = async () =>
  runCountingMetrics(async () => {
    try {
      await sweepOutbox({
        send,
        siteUrl,
        allowList: process.env.MAIL_ALLOWED_RECIPIENTS,
        log: ({ level, ...entry }) => (level === 'error' ? logger.error('mail failed', entry) : logger.info('mail', entry)),
        count: (outcome) => countMetric(outcome),
      });
    } finally {
      publishMetrics('outbox-sweep');
    }
  });
