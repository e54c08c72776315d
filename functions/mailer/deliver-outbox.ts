import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { now as clockNow } from '../clock';
import { eachNewItem } from '../db/stream-batch';
import { markInvitationMailFailed } from '../invitations/mail-failed';
import { STREAM_TRIES, dueLaterTries, laterTryOf, nextTryAt, outboxItemOf, scheduleLaterTry } from './later-tries';
import type { DeferredMail, DeferredMailResolvers, Mail } from './mail';
import { type OutboxItem, claimOutboxItem, failOutboxItem, finishOutboxItem, recordFailedSend } from './outbox';
import { renderOutboxMail } from './render-mail';
import { type SendMail, recipientAllowed } from './transport';
import { unsubscribeLinks } from './unsubscribe-links';

export type MailOutcome = 'MailsSent' | 'MailsFailed' | 'MailsSkipped' | 'MailsUndeliverable';

export interface MailerSettings {
  send: SendMail;
  siteUrl: string;
  /** The stage's allow-list (previews); undefined: anyone. */
  allowList: string | undefined;
  log: (entry: Record<string, unknown>) => void;
  /** Counts an outcome (the metrics module in the cloud). */
  count?: (outcome: MailOutcome) => void;
  /** How each deferred mail is resolved as it is sent. */
  deferred: DeferredMailResolvers;
}

const DEFERRED_TEMPLATES: ReadonlySet<string> = new Set<DeferredMail['template']>(['password-reset-request']);
const isDeferred = (mail: OutboxItem): mail is OutboxItem & DeferredMail => DEFERRED_TEMPLATES.has(mail.template);

/** The mail an item sends and to whom: as queued, or resolved now for a deferred one (undefined: none to send). */
async function mailToSend(
  item: OutboxItem,
  settings: MailerSettings,
  now: number,
): Promise<{ to: string; mail: Mail } | undefined> {
  if (!isDeferred(item)) return { to: item.to, mail: item };
  return settings.deferred[item.template](item, now);
}

/**
 * Sends the mail of each new outbox item of a stream batch, in order (eachNewItem). Each item is
 * claimed by its id before sending and marked sent after, so a batch delivered again (a retry, a
 * bisected half) sends nothing twice. A send that failed STREAM_TRIES times is left to the sweeper
 * (sweepOutbox) instead of the dead-letter queue, which could only keep the batch's metadata.
 */
export async function deliverOutbox(records: DynamoDBRecord[], settings: MailerSettings): Promise<DynamoDBBatchResponse> {
  return eachNewItem<OutboxItem>(
    records,
    async (item) => {
      if (item.type === 'OUTBOX' && item.status === 'pending') await deliverOne(item, settings);
    },
    (item, error) => {
      settings.log({
        level: 'error',
        source: 'mailer',
        outboxId: item.id,
        template: item.template,
        error: String((error as Error)?.message ?? error),
      });
    },
  );
}

/**
 * The sweeper's run (every few minutes): tries again each outbox item whose try is due, a later try
 * after failed sends or the stuck check of one the stream lost (STUCK_AFTER_MINUTES); after an
 * item's last try fails, marks it 'failed' and counts it (MailsUndeliverable, alarmed).
 */
export async function sweepOutbox(settings: MailerSettings, now = clockNow().getTime()) {
  for (const laterTry of await dueLaterTries(now)) {
    const item = await outboxItemOf(laterTry);
    // The index lags the item: only the try the item itself is due for now, not one it has since moved past.
    if (item?.status !== 'pending' || item.digestSort === undefined || laterTryOf(item.digestSort).dueAt > now) continue;
    try {
      await deliverOne(item, settings, now, 'sweeper');
    } catch (error) {
      // A failure to record the failure: the item stays due for the next run.
      settings.log({
        level: 'error',
        source: 'mailer-sweeper',
        outboxId: item.id,
        template: item.template,
        error: String((error as Error)?.message ?? error),
      });
    }
  }
}

/**
 * Claims, sends and marks one item; a failed send is counted on it and, past the stream's tries, scheduled
 * for later or given up. A claim held elsewhere sends nothing: the item stays due for the sweeper's next run.
 */
async function deliverOne(
  item: OutboxItem,
  settings: MailerSettings,
  now = clockNow().getTime(),
  by: 'stream' | 'sweeper' = 'stream',
) {
  if (!(await claimOutboxItem(item.id, now))) {
    settings.log({ level: 'info', source: 'mailer', outboxId: item.id, outcome: 'already-handled' });
    return;
  }
  if (!recipientAllowed(item.to, settings.allowList)) {
    await finishOutboxItem(item.id, 'skipped', now);
    settings.count?.('MailsSkipped');
    settings.log({ level: 'info', source: 'mailer', outboxId: item.id, template: item.template, outcome: 'skipped-not-allowed' });
    return;
  }
  try {
    const ready = await mailToSend(item, settings, now);
    if (!ready) {
      await finishOutboxItem(item.id, 'skipped', now);
      settings.count?.('MailsSkipped');
      settings.log({
        level: 'info',
        source: 'mailer',
        outboxId: item.id,
        template: item.template,
        outcome: 'skipped-nothing-to-send',
      });
      return;
    }
    const rendered = renderOutboxMail(
      ready.mail,
      ready.to,
      settings.siteUrl,
      await unsubscribeLinks(ready.mail, settings.siteUrl),
    );
    await settings.send(ready.to, rendered);
  } catch (error) {
    settings.count?.('MailsFailed');
    const failures = await recordFailedSend(item.id, error);
    if (failures === undefined) return;
    if (by === 'stream' && failures < STREAM_TRIES) throw error;
    // The sweeper's try of a mail the stream lost stands for a stream try: later tries follow it (5 minutes apart
    // until the stream's count is made up), so it too ends 'failed' after ALL_TRIES.
    const dueAt = nextTryAt(by === 'sweeper' ? Math.max(failures, STREAM_TRIES) : failures, now);
    if (dueAt !== undefined) {
      await scheduleLaterTry(item.id, dueAt);
      settings.log({
        level: 'error',
        source: 'mailer',
        outboxId: item.id,
        template: item.template,
        failures,
        outcome: 'later-try',
        dueAt: new Date(dueAt).toISOString(),
        error: String((error as Error)?.message ?? error),
      });
      return;
    }
    await failOutboxItem(item.id, now);
    if (item.invitation) await markInvitationMailFailed(item.invitation, item.id, now);
    settings.count?.('MailsUndeliverable');
    settings.log({
      level: 'error',
      source: 'mailer',
      outboxId: item.id,
      template: item.template,
      failures,
      outcome: 'failed',
      error: String((error as Error)?.message ?? error),
    });
    return;
  }
  await finishOutboxItem(item.id, 'sent', now);
  settings.count?.('MailsSent');
  settings.log({ level: 'info', source: 'mailer', outboxId: item.id, template: item.template, outcome: 'sent' });
}
