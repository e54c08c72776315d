import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordForm, changePasswordForm } from '@shared/schemas/user';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/user';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmed password; a change signs the user's other devices out. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password updated', description: 'Your password has been changed.' });
          form.reset(EMPTY);
        },
        onError: (error) => {
          toast({ title: 'Password change failed', description: error.message, variant: 'destructive' });
          // The server names the field at fault (a wrong current password); the typed values stay.
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
              if (field in EMPTY) form.setError(field as keyof ChangePasswordForm, { message });
            }
          }
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Changing it signs you out on your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <FormField label="Current password" htmlFor="current-password" error={errors.currentPassword?.message}>
            <Input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label="New password"
            htmlFor="new-password"
            hint="Must be at least 6 characters long."
            error={errors.newPassword?.message}
          >
            <Input id="new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm password" htmlFor="confirm-password" error={errors.confirmPassword?.message}>
            <Input id="confirm-password" type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
