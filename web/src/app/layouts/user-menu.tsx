import type { UserResponse } from '@shared/schemas/auth';
import { CreditCard, LifeBuoy, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useLogout } from '../../features/auth/api/auth';

const links = [
  { to: '/user-settings', label: 'User Settings', icon: UserRound },
  { to: '/organization-settings', label: 'Account Settings', icon: Settings },
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/help', label: 'Help', icon: LifeBuoy },
] as const;

/** The avatar menu of the top bar (spec section 2). */
export function UserMenu({ user }: { user: UserResponse }) {
  const logout = useLogout();
  return (
    // Not modal: a modal menu aria-hides #root while the page behind stays focusable (axe aria-hidden-focus, serious).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="rounded-full" aria-label="Open user menu">
        <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.fullName}</span>
          <span className="block truncate text-xs text-muted">{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
