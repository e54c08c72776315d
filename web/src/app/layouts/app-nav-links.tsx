import { FolderKanban, LayoutDashboard, UserCheck, UserPlus } from 'lucide-react';
import { Link, type Location, useLocation } from 'react-router-dom';
import { cn } from '../../lib/class-names';
import { isAdmin, useCurrentUser } from '../../lib/current-user';
import { INVITE_PEOPLE_PATH } from '../../lib/invite-link';

const mine = (location: Location) =>
  location.pathname === '/projects' && new URLSearchParams(location.search).get('member') === 'me';

/** Each link with the routes it stands for: Projects covers /projects/{id}; 'My projects' is the list's member=me view. */
const links = [
  {
    to: '/dashboard',
    label: 'Dashboard',
    icon: LayoutDashboard,
    current: (location: Location) => location.pathname === '/dashboard',
  },
  {
    to: '/projects',
    label: 'Projects',
    icon: FolderKanban,
    current: (location: Location) => location.pathname.startsWith('/projects') && !mine(location),
  },
  { to: '/projects?member=me', label: 'My projects', icon: UserCheck, current: mine },
] as const;

const linkClasses = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline transition-colors';

/**
 * Dashboard, Projects and 'My projects' (the list of the projects one is a member of, kept one click
 * away); the current route is highlighted. Admins
 * also get 'Invite people', which opens Invite User: bringing the team in is a team lead's first job.
 */
export function AppNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  return (
    <ul className="grid gap-1">
      {links.map(({ to, label, icon: Icon, current }) => {
        const active = current(location);
        return (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                linkClasses,
                active ? 'bg-brand-10 text-brand-90 hover:text-brand-90' : 'text-ink-2 hover:bg-surface-3 hover:text-ink',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </li>
        );
      })}
      {isAdmin(user) ? (
        <li className="mt-3 border-t border-line pt-3">
          <Link
            to={INVITE_PEOPLE_PATH}
            onClick={onNavigate}
            className={cn(linkClasses, 'text-brand-80 hover:bg-brand-10 hover:text-brand-90')}
          >
            <UserPlus className="size-4" aria-hidden />
            Invite people
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
