import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import nodemailer from 'nodemailer';
import { mailConfigurationSet, mailFrom, smtpServer } from '../config';
import type { RenderedMail } from './mail';

export type SendMail = (to: string, mail: RenderedMail) => Promise<void>;

/**
 * How mail leaves: over SMTP when the environment names a server (locally, maildev), with Amazon
 * SES v2 otherwise (the cloud), from the stage's sender and configuration set.
 */
export function transportFromEnvironment(): SendMail {
  const from = mailFrom();
  const smtp = smtpServer();
  if (smtp) return smtpTransport(smtp.host, smtp.port, from);
  return sesTransport(from, mailConfigurationSet());
}

export function smtpTransport(host: string, port: number, from: string): SendMail {
  // The local catcher speaks plain SMTP on loopback; nothing leaves the machine.
  const transporter = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true });
  return async (to, mail) => {
    await transporter.sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
  };
}

function sesTransport(from: string, configurationSet: string | undefined): SendMail {
  const ses = new SESv2Client({});
  return async (to, mail) => {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        // The configuration set applies the account's suppression list (bounces, complaints).
        ConfigurationSetName: configurationSet,
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
            Headers: Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
          },
        },
      }),
    );
  };
}

/**
 * A preview stage mails only the addresses of its allow-list (exact addresses, or '@domain' for a
 * whole domain), so a preview never writes to real customers. No list: everyone (prod, local).
 */
export function recipientAllowed(to: string, allowList: string | undefined): boolean {
  const entries = (allowList ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const address = to.trim().toLowerCase();
  return entries.some((entry) => (entry.startsWith('@') ? address.endsWith(entry) : address === entry));
}
