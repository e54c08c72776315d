import { createHash } from 'node:crypto';
import type { ChangeEventItem, NotificationMessage } from '../events/change-event';
import { withDigestIndex } from './digest-index';
import { type NotificationItem, newNotification } from './item';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The one notification an event makes for a recipient. Its id is a ULID with the event's time and
 * a randomness derived from (event, recipient): a redelivered event names the same item, so the
 * conditional Put refuses it instead of notifying twice, and the list still sorts by time.
 */
export function eventNotification(event: ChangeEventItem, message: NotificationMessage, userId: string): NotificationItem {
  return withDigestIndex(
    event.orgId,
    newNotification(userId, message, { id: eventDerivedId(event, userId), createdAt: event.createdAt }),
    message.digest,
  );
}

/** A ULID with the event's time and a randomness derived from (event, name): the same for every delivery of the event. */
export function eventDerivedId(event: Pick<ChangeEventItem, 'id'>, name: string): string {
  const digest = createHash('sha256').update(`${event.id}#${name}`).digest();
  const randomness = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % CROCKFORD.length]).join('');
  return `${event.id.slice(0, 10)}${randomness}`;
}
