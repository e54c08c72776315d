import type { OrganizationUserResponse } from '../../../../../shared/schemas/account';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useRemoveUser } from '../api/organization-users';

/** 'Are you sure?' before a user is removed for good. */
export function RemoveUserDialog({ user, onClose }: { user: OrganizationUserResponse | undefined; onClose: () => void }) {
  const remove = useRemoveUser();
  return (
    <ConfirmDialog
      open={user !== undefined}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Are you sure?"
      description={
        <>
          This will remove <strong className="font-semibold text-ink">{user?.fullName}</strong> from your organization. This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => {
        if (!user) return;
        remove.mutate(user.id, {
          onSuccess: () => {
            toast({ title: 'User removed', description: `${user.fullName} has been removed.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Failed to remove user', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
