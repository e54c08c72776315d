import { ROLES, ROLE_LABELS, type Role } from '@shared/roles';
import type { ManagedUserResponse } from '@shared/schemas/organization-users';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useSaveUser } from '../api/organization-users';

const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * The Users table's inline role: the role badge is a dropdown, so an admin changes a role without
 * opening Edit User. It saves as that dialog does (same call, same toasts, name and email kept). While
 * it saves the trigger is only marked busy: disabling it would drop the keyboard user's focus.
 */
export function UserRoleSelect({ user }: { user: ManagedUserResponse }) {
  const save = useSaveUser();
  return (
    <Select
      value={save.isPending ? save.variables.role : user.currentRole.role}
      onValueChange={(role) => {
        if (save.isPending || !isRole(role) || role === user.currentRole.role) return;
        save.mutate(
          { username: user.username, fullName: user.fullName, role },
          {
            onSuccess: (saved) => toast({ title: 'User added successfully', description: `Updated ${saved.fullName}.` }),
            onError: (error) => toast({ title: 'Failed to add user', description: error.message, variant: 'destructive' }),
          },
        );
      }}
      options={roleOptions}
      ariaLabel={`Role of ${user.fullName}`}
      aria-busy={save.isPending || undefined}
      appearance="inline"
      renderOption={(option) => <Badge tone={option.value === 'admin' ? 'brand' : 'neutral'}>{option.label}</Badge>}
    />
  );
}
