import { useQuery } from '@tanstack/react-query';
import { UserAvatar } from '../../../components/ui/avatar';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import { organizationUserQueries } from '../api/projects';

interface MemberChecklistProps {
  /** Prefix of the checkbox ids, unique per dialog. */
  idPrefix: string;
  value: string[];
  onChange: (memberIds: string[]) => void;
  disabled?: boolean;
}

/** The organization's users with a checkbox each: avatar, name and email; scrolls past 300 px (spec section 9). */
export function MemberChecklist({ idPrefix, value, onChange, disabled }: MemberChecklistProps) {
  const users = useQuery(organizationUserQueries.list());
  const selected = new Set(value);
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value.filter((existing) => existing !== id), id] : value.filter((existing) => existing !== id));

  return (
    <fieldset className="grid gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-ink">Members</legend>
      <div className="max-h-[300px] overflow-y-auto rounded-md border border-line" data-testid="member-checklist">
        {users.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading users" />
          </div>
        ) : users.isError ? (
          <p role="alert" className="p-4 text-sm text-danger">
            Failed to load users. {users.error.message}
          </p>
        ) : users.data.length === 0 ? (
          <p className="p-4 text-sm text-muted">No users available</p>
        ) : (
          <ul className="divide-y divide-line">
            {users.data.map((user) => {
              const id = `${idPrefix}-member-${user.id}`;
              return (
                <li key={user.id}>
                  <label htmlFor={id} className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-2">
                    <Checkbox
                      id={id}
                      checked={selected.has(user.id)}
                      onCheckedChange={(checked) => toggle(user.id, checked === true)}
                      disabled={disabled}
                    />
                    <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="sm" />
                    <span className="grid min-w-0">
                      <span className="truncate text-sm font-medium text-ink">{user.fullName}</span>
                      <span className="truncate text-xs text-muted">{user.username}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
