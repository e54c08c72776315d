import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { eachNewItem } from '../db/stream-batch';
import { type OutboxItem, claimOutboxItem, finishOutboxItem, releaseOutboxClaim } from './outbox';
import { renderOutboxMail } from './render-mail';
import { type SendMail, recipientAllowed } from './transport';
import { unsubscribeLinks } from './unsubscribe-links';

interface MailerSettings {
  send: SendMail;
  siteUrl: string;
  /** The stage's allow-list (previews); undefined: anyone. */
  allowList: string | undefined;
  log: (entry: Record<string, unknown>) => void;
  /** Counts an outcome (the metrics module in the cloud). */
  count?: (outcome: 'MailsSent' | 'MailsFailed' | 'MailsSkipped') => void;
}

/**
 * Sends the mail of each new outbox item of a stream batch, in order (eachNewItem). Each item is
 * claimed by its id before sending and marked sent after, so a batch delivered again (a retry, a
 * bisected half) sends nothing twice.
 */
export async function deliverOutbox(records: DynamoDBRecord[], settings: MailerSettings): Promise<DynamoDBBatchResponse> {
  return eachNewItem<OutboxItem>(
    records,
    async (item) => {
      if (item.type === 'OUTBOX' && item.status === 'pending') await deliverOne(item, settings);
    },
    (item, error) => {
      settings.count?.('MailsFailed');
      settings.log({ level: 'error', source: 'mailer', outboxId: item.id, template: item.template, error: String((error as Error)?.message ?? error) });
    },
  );
}

async function deliverOne(item: OutboxItem, settings: MailerSettings) {
  if (!(await claimOutboxItem(item.id))) {
    settings.log({ level: 'info', source: 'mailer', outboxId: item.id, outcome: 'already-handled' });
    return;
  }
  if (!recipientAllowed(item.to, settings.allowList)) {
    await finishOutboxItem(item.id, 'skipped');
    settings.count?.('MailsSkipped');
    settings.log({ level: 'info', source: 'mailer', outboxId: item.id, template: item.template, outcome: 'skipped-not-allowed' });
    return;
  }
  try {
    const rendered = renderOutboxMail(item, item.to, settings.siteUrl, await unsubscribeLinks(item, settings.siteUrl));
    await settings.send(item.to, rendered);
  } catch (error) {
    await releaseOutboxClaim(item.id);
    throw error;
  }
  await finishOutboxItem(item.id, 'sent');
  settings.count?.('MailsSent');
  settings.log({ level: 'info', source: 'mailer', outboxId: item.id, template: item.template, outcome: 'sent' });
}
