import { sweepOutbox } from '../../mailer/deliver-outbox';
import { mailerSettingsFromEnvironment } from '../../mailer/settings-from-environment';
import { publishMetrics, runCountingMetrics } from '../../observability/metrics';
import { deferredMailResolvers } from './deferred-mail';

const settings = mailerSettingsFromEnvironment(deferredMailResolvers);

/** The outbox sweeper, on a schedule (infra/constructs/mailer.ts): the later tries of mails whose sends failed, and the mails a crashed mailer left pending. */
export const handler = async () =>
  runCountingMetrics(async () => {
    try {
      await sweepOutbox(settings);
    } finally {
      publishMetrics('outbox-sweep');
    }
  });
