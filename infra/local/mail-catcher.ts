import { createServer } from 'node:net';
import { MailDev } from 'maildev';
import { freePort } from './free-port';

interface MailCatcher {
  smtpPort: number;
  /** maildev's web inbox; its REST API lists every message at `${inboxUrl}/api/email` (maildev 3). */
  inboxUrl: string;
  stop: () => Promise<void>;
}

export interface MailCatcherOptions {
  /** Wanted ports (MAIL_SMTP_PORT, MAIL_UI_PORT); a taken one is replaced by a free one. Omitted: any free port. */
  smtpPort?: number;
  uiPort?: number;
}

/**
 * The local inbox: maildev (SMTP plus a web inbox and its REST API) run in this process through its
 * Node API, no Docker. Every mail the local mailer sends lands here; nothing leaves the machine.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const smtpPort = await portOrFree(options.smtpPort);
  const uiPort = await portOrFree(options.uiPort);
  const maildev = new MailDev({ smtp: smtpPort, ip: '127.0.0.1', web: uiPort, webIp: '127.0.0.1', silent: true });
  // maildev announces its web server on the console itself; we print the inbox URL beside the app's.
  const info = console.info;
  console.info = () => undefined;
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  return { smtpPort, inboxUrl: `http://127.0.0.1:${uiPort}`, stop: () => maildev.stop() };
}

async function portOrFree(wanted: number | undefined): Promise<number> {
  if (wanted !== undefined && (await isFree(wanted))) return wanted;
  return freePort();
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
