import { MAIL_LIST_NAMES } from '../../../shared/mail-lists';
import { longDate } from '../../billing/billing-notifications';
import type { DigestSection, RenderedMail, UnsubscribeLinks, WeeklyDigestMailData } from '../mail';
import { type MailSection, renderMail, siteLink } from './layout';

/** The sections in the order a reader wants them: what asks for them first, then what happened. */
const HEADINGS = [
  ['mentions', 'Mentions of you'],
  ['dueThisWeek', 'Due this week'],
  ['overdue', 'Overdue'],
  ['statusChanges', 'Status changes'],
  ['comments', 'Comments'],
] as const;

// Only a path of the app is data: the host is the stage's own.
const appLink = (siteUrl: string, path: string) => siteLink(siteUrl, path.startsWith('/') ? path : '/');

function section(heading: string, { lines, more }: DigestSection, siteUrl: string): MailSection {
  return {
    heading,
    lines: lines.map((line) => ({ text: line.text, url: appLink(siteUrl, line.path) })),
    ...(more > 0 ? { note: `and ${more} more` } : {}),
  };
}

/** Monday's mail to a person with something to read about their projects: only the sections that hold something. */
export function weeklyDigestMail(
  data: WeeklyDigestMailData,
  to: string,
  siteUrl: string,
  unsubscribe?: UnsubscribeLinks,
): RenderedMail {
  const week = longDate(data.week);
  return renderMail({
    subject: `Your weekly digest: the week of ${week}`,
    paragraphs: [`Hello ${data.fullName},`, `Here is what happened in your projects in the week of ${week}, and what is due.`],
    sections: HEADINGS.filter(([name]) => data[name].lines.length > 0).map(([name, heading]) =>
      section(heading, data[name], siteUrl),
    ),
    action: { label: 'Open dashboard', url: siteLink(siteUrl, '/dashboard') },
    reason: `You received this email because ${to} is a member of projects that had activity last week.`,
    ...(unsubscribe ? { unsubscribe: { ...unsubscribe, what: MAIL_LIST_NAMES['weekly-digest'] } } : {}),
  });
}
