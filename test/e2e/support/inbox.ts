/** The local inbox (maildev, started by the e2e server on E2E_MAIL_UI_PORT; playwright.config.ts). */
const inbox = () => `http://127.0.0.1:${process.env.E2E_MAIL_UI_PORT}`;

export interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/**
 * Every mail to `email` so far, oldest first. maildev picks them out (its list takes a field to match,
 * `to.address`): not the whole inbox of the run, with every mail's HTML, on each poll (docs/decisions/087).
 */
export async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inbox()}/api/email?${new URLSearchParams({ 'to.address': email })}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The link to `/<path>#token=...` in the newest mail to `email` whose subject starts with `subject`,
 * once at least `count` such mails have arrived (the outbox delivers asynchronously).
 */
export async function mailLink(email: string, subject: string, path: string, count = 1): Promise<string> {
  const pattern = new RegExp(`(http\\S+/${path}#token=\\S+)`);
  for (let i = 0; i < 150; i += 1) {
    const matching = (await mailsTo(email)).filter((mail) => mail.subject.startsWith(subject));
    const link = matching.length >= count ? pattern.exec(matching.at(-1)!.text)?.[1] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${count} "${subject}" mails for ${email}`);
}
