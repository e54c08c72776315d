/**
 * The mails a person may turn off (docs/decisions/055). Account mail (reset, verification,
 * invitation, security notices) is never on a list: it cannot be unsubscribed from.
 */
export const MAIL_LISTS = ['due-reminders', 'weekly-digest', 'mentions'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** What each list is, in the words the unsubscribe page and the settings use. */
export const MAIL_LIST_NAMES: Record<MailList, string> = {
  'due-reminders': 'due-date reminder emails',
  'weekly-digest': 'the weekly digest email',
  mentions: 'emails when someone mentions you in a comment',
};
