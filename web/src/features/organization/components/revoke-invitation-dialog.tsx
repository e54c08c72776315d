import type { InvitationResponse } from '@shared/schemas/organization-invitations';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useRevokeInvitation } from '../api/organization-invitations';

/** Asks before an invitation is revoked: its link stops working at once. */
export function RevokeInvitationDialog({
  invitation,
  onClose,
}: {
  invitation: InvitationResponse | undefined;
  onClose: () => void;
}) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmDialog
      open={invitation !== undefined}
      onOpenChange={(open) => {
        if (!open && !revoke.isPending) onClose();
      }}
      title="Revoke invitation?"
      description={
        <>
          The invitation link sent to <strong className="font-semibold text-ink">{invitation?.email}</strong> will stop working at
          once. You can invite them again later.
        </>
      }
      confirmLabel="Revoke"
      pending={revoke.isPending}
      onConfirm={() => {
        if (!invitation) return;
        revoke.mutate(invitation.id, {
          onSuccess: () => {
            toast({ title: 'Invitation revoked', description: `The invitation to ${invitation.email} was revoked.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Failed to revoke invitation', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
