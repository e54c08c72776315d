import { ROLE_LABELS } from '@shared/roles';
import type { ManagedUserResponse } from '@shared/schemas/organization-users';
import { Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { UserRoleSelect } from './user-role-select';

interface UserCardsProps {
  users: ManagedUserResponse[];
  currentUserId: string;
  onEdit: (user: ManagedUserResponse) => void;
  onRemove: (user: ManagedUserResponse) => void;
  onResetMfa: (user: ManagedUserResponse) => void;
}

/** Narrow screens: the Users table as one card per user, every field and action on screen. */
export function UserCards({ users, currentUserId, onEdit, onRemove, onResetMfa }: UserCardsProps) {
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} data-user-id={user.id} className="grid gap-3 rounded-lg border border-line p-3">
          <div className="flex min-w-0 items-start gap-3">
            <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="sm" />
            <div className="grid min-w-0 flex-1 gap-1">
              <span className="font-medium wrap-anywhere">{user.fullName}</span>
              <span className="text-sm text-ink-2 wrap-anywhere">{user.username}</span>
            </div>
            {user.id === currentUserId ? (
              <Badge tone={user.currentRole.role === 'admin' ? 'brand' : 'neutral'} className="shrink-0">
                {ROLE_LABELS[user.currentRole.role]}
              </Badge>
            ) : (
              <span className="shrink-0">
                <UserRoleSelect user={user} />
              </span>
            )}
          </div>
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted">Two-factor</span>
            <Badge tone={user.mfaEnabled ? 'brand' : 'neutral'}>{user.mfaEnabled ? 'On' : 'Off'}</Badge>
          </div>
          {user.id === currentUserId ? (
            <span className="text-sm text-muted">Current User</span>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                data-first-action
                onClick={() => onEdit(user)}
                aria-label={`Edit ${user.fullName}`}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
              {user.mfaEnabled ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onResetMfa(user)}
                  aria-label={`Reset two-factor for ${user.fullName}`}
                >
                  <ShieldOff aria-hidden />
                  Reset two-factor
                </Button>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                className="text-danger"
                onClick={() => onRemove(user)}
                aria-label={`Remove ${user.fullName}`}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
