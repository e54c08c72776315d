import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { type InvitationRequest, invitationRequest } from '@shared/schemas/invitations';
import { ROLES, ROLE_LABELS } from '@shared/roles';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useInviteUser } from '../api/organization-invitations';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Invite User: an email and a role; the invitee chooses their own name and password from the mailed link. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Invite User" description="We will email a link that lets them join your organization and choose their own password.">
        {open ? <InviteForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteUser();
  const form = useForm<InvitationRequest>({ resolver: zodResolver(invitationRequest), defaultValues: { email: '', role: 'staff' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        toast({ title: 'Invitation sent', description: `We sent an invitation to ${invitation.email}.` });
        onDone();
      },
      // The dialog stays open with what was typed; a 409 (an account or a pending invitation) shows under the email.
      onError: (error) => {
        toast({ title: 'Failed to send invitation', description: error.message, variant: 'destructive' });
        if (error instanceof ApiError && error.status === 409) form.setError('email', { message: error.message.replace(/^\d+: /, '') });
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
            if (field === 'email' || field === 'role') form.setError(field, { message });
          }
        }
      },
    }),
  );

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Email" htmlFor="invite-email" error={errors.email?.message}>
        <Input id="invite-email" type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label="Role" htmlFor="invite-role" error={errors.role?.message}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => <Select id="invite-role" value={field.value} onValueChange={field.onChange} options={ROLE_OPTIONS} />}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={invite.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}
