import { zodResolver } from '@hookform/resolvers/zod';
import { type InvitationRequest, invitationRequest } from '@shared/schemas/organization-invitations';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useInviteUser } from '../api/organization-invitations';
import { DialogFormFooter } from './dialog-form-footer';
import { RoleField } from './role-field';

/** Invite User: an email and a role; the invitee chooses their own name and password from the mailed link. */
export function InviteUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Invite User"
        description="We will email a link that lets them join your organization and choose their own password."
      >
        {open ? <InviteForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteUser();
  const form = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequest),
    defaultValues: { email: '', role: 'staff' },
  });
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
        if (error instanceof ApiError && error.status === 409)
          form.setError('email', { message: error.message.replace(/^\d+: /, '') });
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
      <RoleField id="invite-role" control={form.control} error={errors.role?.message} />
      <DialogFormFooter pending={invite.isPending} submitLabel={invite.isPending ? 'Sending...' : 'Send invitation'} />
    </form>
  );
}
