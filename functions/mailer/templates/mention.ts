import { MAIL_LIST_NAMES } from '../../../shared/mail-lists';
import type { MentionMailData, RenderedMail, UnsubscribeLinks } from '../mail';
import { renderMail, siteLink } from './layout';

/** To a person someone mentioned in a comment: the comment's beginning and a link to it. */
export function mentionMail(data: MentionMailData, to: string, siteUrl: string, unsubscribe?: UnsubscribeLinks): RenderedMail {
  return renderMail({
    subject: `${data.authorName} mentioned you in ${data.projectName}`,
    paragraphs: [
      `Hello ${data.fullName},`,
      `${data.authorName} mentioned you in a comment on ${data.projectName}:`,
      data.excerpt,
    ],
    // Only a path of the app is data: the host is the stage's own.
    action: { label: 'View comment', url: siteLink(siteUrl, data.path.startsWith('/') ? data.path : '/') },
    reason: `You received this email because ${to} was mentioned in a comment in ${data.projectName}.`,
    ...(unsubscribe ? { unsubscribe: { ...unsubscribe, what: MAIL_LIST_NAMES.mentions } } : {}),
  });
}
