import type { UserResponse } from '@shared/schemas/auth';
import { CircleHelp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ProjectSearch } from '../../features/projects/components/project-search';
import { MobileNav } from './mobile-nav';
import { UserMenu } from './user-menu';

/** Projects search, help, notifications and the avatar menu (spec section 2). */
export function AppTopBar({ user }: { user: UserResponse }) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
      <MobileNav />
      <Link to="/dashboard" className="rounded-md md:hidden" aria-label="Growthwise dashboard">
        <LogoMark />
      </Link>
      <div className="min-w-0 flex-1">
        <ProjectSearch />
      </div>
      <Link to="/help" className={buttonClasses({ variant: 'ghost', size: 'icon' })} aria-label="Help">
        <CircleHelp aria-hidden />
      </Link>
      <NotificationBell />
      <UserMenu user={user} />
    </header>
  );
}
