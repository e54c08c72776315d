import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OrganizationUserResponse,
  type UserDialogForm,
  addUserForm,
  editUserForm,
} from '@shared/schemas/organization-users';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useSaveUser } from '../api/organization-users';
import { DialogFormFooter } from './dialog-form-footer';
import { RoleField } from './role-field';

interface UserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; none to add one. */
  editing?: OrganizationUserResponse;
}

/** Add User / Edit User. Mounted afresh for each opening, so it starts from that user's values. */
export function UserDialog({ open, onOpenChange, editing }: UserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit User' : 'Add User'}
        description={editing ? 'Change the name, role or password of this user.' : 'Add a user to your organization.'}
      >
        {open ? <UserForm editing={editing} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ editing, onDone }: { editing?: OrganizationUserResponse; onDone: () => void }) {
  const save = useSaveUser();
  const form = useForm<UserDialogForm>({
    // Editing: a blank password keeps the current one; only a typed one must be valid.
    resolver: zodResolver(editing ? editUserForm : addUserForm),
    defaultValues: editing
      ? { fullName: editing.fullName, username: editing.username, password: '', role: editing.currentRole.role }
      : { fullName: '', username: '', password: '', role: 'staff' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password, ...values }) =>
    save.mutate(
      { ...values, ...(password ? { password } : {}) },
      {
        onSuccess: (user) => {
          toast({ title: 'User added successfully', description: `${editing ? 'Updated' : 'Added'} ${user.fullName}.` });
          onDone();
        },
        // The dialog stays open with what was typed; the server's field messages show under the fields.
        onError: (error) => {
          toast({ title: 'Failed to add user', description: error.message, variant: 'destructive' });
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
              if (['fullName', 'username', 'password', 'role'].includes(field))
                form.setError(field as keyof UserDialogForm, { message });
            }
          }
        },
      },
    ),
  );

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Full Name" htmlFor="user-full-name" error={errors.fullName?.message}>
        <Input id="user-full-name" autoComplete="off" {...form.register('fullName')} />
      </FormField>
      <FormField label="Email" htmlFor="user-email" error={errors.username?.message}>
        {editing ? (
          // Not registered: a disabled field would drop out of the values; the email stays as loaded.
          <Input id="user-email" type="email" value={editing.username} disabled readOnly />
        ) : (
          <Input id="user-email" type="email" autoComplete="off" {...form.register('username')} />
        )}
      </FormField>
      <FormField
        label={editing ? 'New Password (leave blank to keep current)' : 'Password'}
        htmlFor="user-password"
        error={errors.password?.message}
      >
        <Input id="user-password" type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <RoleField id="user-role" control={form.control} error={errors.role?.message} />
      <DialogFormFooter pending={save.isPending} submitLabel={editing ? 'Update User' : 'Add User'} />
    </form>
  );
}
