import type { MailList } from '../../shared/mail-lists';
import { signUnsubscribeToken } from '../security/unsubscribe-token';
import type { ListRecipient, Mail, UnsubscribeLinks } from './mail';
import { siteLink } from './templates/layout';

/** The templates whose mails belong to a list a person may leave; every other mail is account mail. */
const LIST_OF_TEMPLATE: Partial<Record<Mail['template'], MailList>> = {
  'due-reminder': 'due-reminders',
  'weekly-digest': 'weekly-digest',
  mention: 'mentions',
};

export const listOfTemplate = (template: Mail['template']): MailList | undefined => LIST_OF_TEMPLATE[template];

/**
 * A list mail's links, signed as it is sent (so a link's lifetime counts from the mail, and the
 * outbox holds no working link): the page (a fragment, kept out of server logs, as the other mail
 * links) and the one-click POST's URL (RFC 8058 wants it in the header, so in the query string).
 */
export async function unsubscribeLinks(mail: Mail, siteUrl: string): Promise<UnsubscribeLinks | undefined> {
  const list = listOfTemplate(mail.template);
  const recipient = (mail.data as { recipient?: ListRecipient }).recipient;
  if (!list || !recipient) return undefined;
  const token = await signUnsubscribeToken({ ...recipient, list });
  return {
    pageUrl: siteLink(siteUrl, `/unsubscribe#token=${token}`),
    oneClickUrl: siteLink(siteUrl, `/api/mail-subscriptions/unsubscribe?token=${token}`),
  };
}
