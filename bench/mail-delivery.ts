import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { outboxPut } from '../functions/mailer/outbox';
import { batchPut } from '../infra/local/seed';
import { fromAddress } from './client-addresses';
import { SetUpError } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface MailFigures {
  /** Outbox items written at once, and how long until the last of them was in the inbox. */
  mails: number;
  seconds: number;
  mailsPerSecond: number;
  /** From sending POST /api/password-reset/request to its mail listed by the inbox (ms). */
  delaySamples: number;
  delayP50: number;
  delayP95: number;
}

interface CaughtMail {
  to: { address: string }[];
}

/** The inbox's addresses, lower-cased (maildev's REST API lists every message). */
async function inboxAddresses(inboxUrl: string): Promise<string[]> {
  const response = await fetch(`${inboxUrl}/api/email`);
  if (!response.ok) throw new Error(`the inbox answered ${response.status}`);
  return ((await response.json()) as CaughtMail[]).flatMap((mail) => mail.to.map((to) => to.address.toLowerCase()));
}

async function waitUntil(done: () => Promise<boolean>, pollMs: number, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what}: not in the inbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The local outbox end to end (stream poll → mailer → SMTP → maildev). First the delay a user
 * sees: password-reset requests one at a time, each timed from the request to its mail listed by
 * the inbox (polled every 10 ms, so the figure is at most that late). Then the throughput:
 * `mails` outbox items written at once straight into the table (as many actions at once would),
 * timed until the last is in the inbox. The addresses must be accounts (a reset of an unknown
 * address sends nothing); each is used once, under the per-address throttle.
 */
export async function measureMailDelivery(options: {
  baseUrl: string;
  inboxUrl: string;
  db: DynamoDBDocumentClient;
  tableName: string;
  accountEmails: string[];
  /** A new client address each call (bench/client-addresses.ts): each reset from its own, so no per-client limit is met. */
  address: () => string;
  mails: number;
}): Promise<MailFigures> {
  const delays: number[] = [];
  for (const email of options.accountEmails) {
    const started = performance.now();
    const response = await fetch(`${options.baseUrl}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromAddress(options.address()) },
      body: JSON.stringify({ username: email }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new SetUpError(`a password-reset request answered ${response.status}`);
    const wanted = email.toLowerCase();
    await waitUntil(
      async () => (await inboxAddresses(options.inboxUrl)).includes(wanted),
      10,
      30_000,
      `the reset mail to ${email}`,
    );
    delays.push(performance.now() - started);
  }

  const run = crypto.randomUUID().slice(0, 8);
  const addresses = Array.from({ length: options.mails }, (_, i) => `bench-outbox-${run}-${i}@example.com`);
  const items = addresses.map(
    (to) => outboxPut(to, { template: 'password-changed', data: { fullName: 'Bench Reader' } }).Put!.Item!,
  );
  const started = performance.now();
  await batchPut(options.db, options.tableName, items);
  const prefix = `bench-outbox-${run}-`;
  await waitUntil(
    async () => (await inboxAddresses(options.inboxUrl)).filter((address) => address.startsWith(prefix)).length >= options.mails,
    100,
    120_000,
    `${options.mails} outbox mails`,
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    mails: options.mails,
    seconds: round1(seconds),
    mailsPerSecond: round1(options.mails / seconds),
    delaySamples: delays.length,
    delayP50: percentile(delays, 50),
    delayP95: percentile(delays, 95),
  };
}
