import type { NotificationResponse } from '@shared/schemas/notifications';
import { cn } from '../../../lib/class-names';
import { distanceAgo } from '../../../lib/date-format';

/** One row of the panel: title, content, relative time and, while unread, a dot. */
export function NotificationItem({ notification, onSelect }: { notification: NotificationResponse; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className={cn(
        'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-3 focus-visible:bg-surface-3',
        notification.isRead ? 'text-ink-2' : 'bg-brand-10/40',
      )}
    >
      <span className="mt-1.5 flex size-2 shrink-0" aria-hidden>
        {notification.isRead ? null : <span className="size-2 rounded-full bg-brand-80" data-testid="unread-dot" />}
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm', notification.isRead ? 'font-medium' : 'font-semibold text-ink')}>
          {notification.title}
          {notification.isRead ? null : <span className="sr-only"> (unread)</span>}
        </span>
        <span className="text-sm break-words text-muted">{notification.content}</span>
        <time dateTime={notification.createdAt} className="text-xs text-muted">
          {distanceAgo(notification.createdAt)}
        </time>
      </span>
    </button>
  );
}
