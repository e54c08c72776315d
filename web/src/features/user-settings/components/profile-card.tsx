import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS } from '@shared/roles';
import type { UserResponse } from '@shared/schemas/auth';
import { type ProfileForm, profileForm } from '@shared/schemas/user';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { isAdmin } from '../../../lib/current-user';
import { useUpdateProfile } from '../api/user';
import { AvatarUpload } from './avatar-upload';

/** Avatar, role and the profile form (full name; the email is shown read-only). */
export function ProfileCard({ user }: { user: UserResponse }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: { fullName: user.fullName, email: user.username },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ fullName }) =>
    update.mutate(
      { fullName },
      {
        onSuccess: (saved) => {
          toast({ title: 'Profile updated', description: 'Your profile has been updated.' });
          form.reset({ fullName: saved.fullName, email: saved.username });
        },
        // What was typed stays in the form.
        onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your picture and the name others see.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <AvatarUpload user={user} />
          <Badge tone={isAdmin(user) ? 'brand' : 'neutral'}>{ROLE_LABELS[isAdmin(user) ? 'admin' : 'staff']}</Badge>
        </div>
        <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <FormField
            label="Full Name"
            htmlFor="profile-full-name"
            hint="This is your public display name."
            error={errors.fullName?.message}
          >
            <Input id="profile-full-name" autoComplete="name" {...form.register('fullName')} />
          </FormField>
          <FormField
            label="Email"
            htmlFor="profile-email"
            hint="You cannot change your email address."
            error={errors.email?.message}
          >
            <Input id="profile-email" type="email" readOnly {...form.register('email')} />
          </FormField>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
