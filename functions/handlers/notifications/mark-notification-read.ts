import { notificationEndpoints } from '../../../shared/contract/notifications';
import { getNotification, markNotificationRead, toNotificationResponse } from '../../db/notifications';
import { defineRoute } from '../../http/define-route';
import { notFound } from '../../http/http-error';
import { ok } from '../../http/response';

/** Notification ids are ULIDs; anything else cannot name one. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const handler = defineRoute(notificationEndpoints.markRead, async ({ session, params }) => {
  const { id } = params;
  // The key is built from the session's user: another user's notification is simply not there (404).
  const notification = ULID.test(id) ? await getNotification(session.user.id, id) : undefined;
  if (!notification) throw notFound('Notification not found');
  if (!notification.isRead) await markNotificationRead(session.user.orgId, session.user.id, id);
  return ok(toNotificationResponse({ ...notification, isRead: true }));
});
