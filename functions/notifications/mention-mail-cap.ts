/**
 * How many mention mails one person gets (issue 63): at most MENTION_MAILS_PER_HOUR in any hour,
 * whoever mentions them and wherever. Past it a mention is still a notification, without a mail, so
 * a colleague's flurry of comments, or edits toggling a mention, cannot flood their inbox.
 */
export const MENTION_MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** The person's record of it: `USER#<userId> / MENTION_MAILS` (notificationKeys.mentionMails), absent before their first mention mail. */
export interface MentionMailTimes {
  /** When their last mention mails were queued, newest last (epoch ms). */
  mentionMailTimes?: number[];
}

const withinTheHour = (person: MentionMailTimes | undefined, at: number) =>
  (person?.mentionMailTimes ?? []).filter((time) => time > at - HOUR_MS && time <= at);

/** Whether a mention at `at` may still be mailed to the person, as their record was read. */
export const mentionMailAllowed = (person: MentionMailTimes | undefined, at: number) =>
  withinTheHour(person, at).length < MENTION_MAILS_PER_HOUR;

/** The times to store once a mention mail at `at` is queued: the hour's, and this one. */
export const mentionMailTimesAfter = (person: MentionMailTimes | undefined, at: number): number[] => [
  ...withinTheHour(person, at),
  at,
];
