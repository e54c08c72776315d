import { inject } from 'vitest';

/** A message as maildev's REST API lists it (GET /api/email in maildev 3; /email in maildev 2). */
export interface CaughtMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  text: string;
  html: string;
}

/**
 * Every message in the local inbox addressed to `address`, oldest first. maildev picks them out (its
 * list takes a field to match, `to.address`): the whole inbox, every mail of the run so far with its
 * HTML, was serialized, sent and parsed again on each poll of a wait (docs/decisions/087).
 */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inject('inboxUrl')}/api/email?${new URLSearchParams({ 'to.address': address })}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits until `address` has at least `count` messages (the outbox is asynchronous) and answers them all. */
export async function waitForMails(address: string, count = 1, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${address} has ${mails.length} of ${count} expected mails after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest mail to `address` whose subject contains `subject`, waiting for it to arrive. */
export async function waitForMail(address: string, subject: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).filter((mail) => mail.subject.includes(subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The token of a link of the form /<path>#token=... in a mail's text part. */
export function tokenFromMail(mail: CaughtMail, path: string): string {
  const match = new RegExp(`${path}#token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** A quiet moment for the outbox: enough for the poller to have delivered anything already written. */
export const outboxSettled = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** An address no other test mails (the inbox is shared by the whole run). */
export const uniqueAddress = (label = 'mail') => `${label}-${crypto.randomUUID().slice(0, 12)}@example.com`;

/**
 * A message's headers as sent, names in lower case: maildev's list keeps only a few, so they are
 * read from the message's source (folded lines joined).
 */
export async function headersOf(mail: CaughtMail): Promise<Record<string, string>> {
  const response = await fetch(`${inject('inboxUrl')}/api/email/${mail.id}/source`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const head = (await response.text()).split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head
      .split(/\r?\n/)
      .map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}
