import type { NotificationResponse } from '@shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { notificationQueries, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications';
import { NotificationItem } from './notification-item';

/** The open panel's contents: it mounts on every open, and then fetches the list afresh. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const list = useQuery({ ...notificationQueries.list(), refetchOnMount: 'always' });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();

  const select = (notification: NotificationResponse) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.linkUrl) {
      onNavigate();
      void navigate(notification.linkUrl);
    }
  };

  const notifications = list.data ?? [];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 className="text-sm font-semibold">Notifications</h2>
        {notifications.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} unavailable={markAll.isPending}>
            Mark all as read
          </Button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <QueryState
          query={list}
          loading="Loading notifications"
          loadingBox="p-6"
          error="Notifications could not be loaded. Please try again."
          className="m-4 text-sm"
          isEmpty={(all) => all.length === 0}
          empty={<p className="p-6 text-center text-sm text-muted">No notifications</p>}
        >
          {(all) => (
            <ul className="divide-y divide-line">
              {all.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onSelect={() => select(notification)} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </div>
  );
}
