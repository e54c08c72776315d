import type { UserItem } from '../user/item';

/**
 * How many mention mails one person gets (issue 63): at most MENTION_MAILS_PER_HOUR in any hour,
 * whoever mentions them and wherever. Past it a mention is still a notification, without a mail, so
 * a colleague's flurry of comments, or edits toggling a mention, cannot flood their inbox.
 */
export const MENTION_MAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/** The user item's record of it (UserItem.mentionMailTimes). */
type MentionMailTimes = Pick<UserItem, 'mentionMailTimes'>;

const withinTheHour = (person: MentionMailTimes, at: number) =>
  (person.mentionMailTimes ?? []).filter((time) => time > at - HOUR_MS && time <= at);

/** Whether a mention at `at` may still be mailed to the person, as their item was read. */
export const mentionMailAllowed = (person: MentionMailTimes, at: number) =>
  withinTheHour(person, at).length < MENTION_MAILS_PER_HOUR;

/** The times to store once a mention mail at `at` is queued: the hour's, and this one. */
export const mentionMailTimesAfter = (person: MentionMailTimes, at: number): number[] => [...withinTheHour(person, at), at];
