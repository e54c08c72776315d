import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { type OutboxItem, claimOutboxItem, finishOutboxItem, releaseOutboxClaim } from './outbox';
import { renderOutboxMail } from './render-mail';
import { type SendMail, recipientAllowed } from './transport';

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
 * Sends the mail of each new outbox item of a stream batch, in order. Each item is claimed by its
 * id before sending and marked sent after, so a batch delivered again (a retry, a bisected half)
 * sends nothing twice. On the first failure the rest of the batch is reported failed from that
 * record on: Lambda retries from there (stream order is kept), bisecting until a poison record
 * stands alone and goes to the dead-letter queue.
 */
export async function deliverOutbox(records: DynamoDBRecord[], settings: MailerSettings): Promise<DynamoDBBatchResponse> {
  for (const [index, record] of records.entries()) {
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image as Record<string, AttributeValue>) as OutboxItem;
    if (item.type !== 'OUTBOX' || item.status !== 'pending') continue;
    try {
      await deliverOne(item, settings);
    } catch (error) {
      settings.count?.('MailsFailed');
      settings.log({ level: 'error', source: 'mailer', outboxId: item.id, template: item.template, error: String((error as Error)?.message ?? error) });
      return { batchItemFailures: records.slice(index).map((failed) => ({ itemIdentifier: failed.dynamodb?.SequenceNumber ?? '' })) };
    }
  }
  return { batchItemFailures: [] };
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
    const rendered = renderOutboxMail(item, item.to, settings.siteUrl);
    await settings.send(item.to, rendered);
  } catch (error) {
    await releaseOutboxClaim(item.id);
    throw error;
  }
  await finishOutboxItem(item.id, 'sent');
  settings.count?.('MailsSent');
  settings.log({ level: 'info', source: 'mailer', outboxId: item.id, template: item.template, outcome: 'sent' });
}
