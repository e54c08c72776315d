import { Pencil, Trash2 } from 'lucide-react';
import type { OrganizationUserResponse } from '../../../../../shared/schemas/account';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';

interface UserCardsProps {
  users: OrganizationUserResponse[];
  currentUserId: string;
  onEdit: (user: OrganizationUserResponse) => void;
  onRemove: (user: OrganizationUserResponse) => void;
}

/** Narrow screens: the Users table as one card per user, every field and action on screen. */
export function UserCards({ users, currentUserId, onEdit, onRemove }: UserCardsProps) {
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
            <Badge tone={user.currentRole.role === 'admin' ? 'brand' : 'neutral'} className="shrink-0">
              {ROLE_LABELS[user.currentRole.role]}
            </Badge>
          </div>
          {user.id === currentUserId ? (
            <span className="text-sm text-muted">Current User</span>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" data-first-action onClick={() => onEdit(user)} aria-label={`Edit ${user.fullName}`}>
                <Pencil aria-hidden />
                Edit
              </Button>
              <Button variant="outline" size="sm" className="text-danger" onClick={() => onRemove(user)} aria-label={`Remove ${user.fullName}`}>
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
