import { MAIL_LIST_NAMES } from '../../../shared/mail-lists';
import { longDate } from '../../billing/billing-notifications';
import type { DueReminderMailData, RenderedMail, UnsubscribeLinks } from '../mail';
import { renderMail, siteLink } from './layout';

/** To each member of a project due tomorrow, or overdue since today. */
export function dueReminderMail(
  data: DueReminderMailData,
  to: string,
  siteUrl: string,
  unsubscribe?: UnsubscribeLinks,
): RenderedMail {
  const due = longDate(data.dueDate);
  const overdue = data.kind === 'overdue';
  return renderMail({
    subject: overdue ? `${data.projectName} is overdue` : `${data.projectName} is due tomorrow`,
    paragraphs: [
      `Hello ${data.fullName},`,
      overdue
        ? `${data.projectName} was due on ${due} and is not completed yet.`
        : `${data.projectName} is due tomorrow, ${due}.`,
    ],
    action: { label: 'Open project', url: siteLink(siteUrl, data.path.startsWith('/') ? data.path : '/') },
    reason: `You received this email because ${to} is a member of ${data.projectName}.`,
    ...(unsubscribe ? { unsubscribe: { ...unsubscribe, what: MAIL_LIST_NAMES['due-reminders'] } } : {}),
  });
}
