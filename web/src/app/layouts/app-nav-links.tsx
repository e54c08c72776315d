import { FolderKanban, LayoutDashboard } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { cn } from '../../lib/class-names';

const links = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/projects', label: 'Projects', icon: FolderKanban },
] as const;

/** Dashboard and Projects; the current route (Projects includes /projects/{id}) is highlighted. */
export function AppNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="grid gap-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline transition-colors',
                isActive ? 'bg-brand-10 text-brand-90 hover:text-brand-90' : 'text-ink-2 hover:bg-surface-3 hover:text-ink',
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
