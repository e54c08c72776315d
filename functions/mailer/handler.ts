import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliverOutbox } from './deliver-outbox';
import { transportFromEnvironment } from './transport';

const send = transportFromEnvironment();
const siteUrl = process.env.SITE_URL;
if (!siteUrl) throw new Error('SITE_URL is not set: mail links are built from the stage\'s own site URL');

/** One JSON line per mail, as the route handlers log (LOG_LEVEL=error keeps only failures). */
function log(entry: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (process.env.LOG_LEVEL === 'error' && entry.level !== 'error') return;
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
}

/**
 * The mailer: invoked by the table's stream (filtered to new outbox items) in the cloud, and by the
 * local cloud's stream poller with the same event shape. Reports failed records for a partial retry.
 */
export const handler = async (event: DynamoDBStreamEvent) =>
  deliverOutbox(event.Records, {
    send,
    siteUrl,
    allowList: process.env.MAIL_ALLOWED_RECIPIENTS,
    log,
  });
