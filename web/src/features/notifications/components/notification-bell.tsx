import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { notificationQueries } from '../api/notifications';
import { NotificationPanel } from './notification-panel';

/** The badge's text: the count, capped at '9+' (spec section 9). */
const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/** The top bar's bell: the unread badge (polled) and the notifications panel it toggles. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data: unread = 0 } = useQuery(notificationQueries.unreadCount());
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })} aria-label={label}>
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          // 400 px at most (spec section 9), less when the window has less room below the bell.
          className="z-40 flex max-h-[min(400px,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-line bg-surface text-ink shadow-lg animate-fade-in"
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
