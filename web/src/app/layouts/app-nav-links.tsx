import { FolderKanban, LayoutDashboard, UserPlus } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { cn } from '../../lib/class-names';
import { isAdmin, useCurrentUser } from '../../lib/current-user';
import { INVITE_PEOPLE_PATH } from '../../lib/invite-link';

const links = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
] as const;

const linkClasses = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline transition-colors';

/**
 * Dashboard and Projects; the current route (Projects includes /projects/{id}) is highlighted. Admins
 * also get 'Invite people', which opens Invite User: bringing the team in is a team lead's first job.
 */
export function AppNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  return (
    <ul className="grid gap-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                linkClasses,
                isActive ? 'bg-brand-10 text-brand-90 hover:text-brand-90' : 'text-ink-2 hover:bg-surface-3 hover:text-ink',
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
      {isAdmin(user) ? (
        <li className="mt-3 border-t border-line pt-3">
          <Link to={INVITE_PEOPLE_PATH} onClick={onNavigate} className={cn(linkClasses, 'text-brand-80 hover:bg-brand-10 hover:text-brand-90')}>
            <UserPlus className="size-4" aria-hidden />
            Invite people
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
