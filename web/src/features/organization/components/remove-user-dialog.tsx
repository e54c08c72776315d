import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useRemoveUser } from '../api/organization-users';

/** 'Are you sure?' before a user is removed for good. */
interface RemoveUserDialogProps {
  user: OrganizationUserResponse | undefined;
  onClose: () => void;
  /** Where focus goes once the user is gone (their Remove button went with them); a cancel goes back to that button. */
  focusAfterRemove?: () => HTMLElement | null | undefined;
}

export function RemoveUserDialog({ user, onClose, focusAfterRemove }: RemoveUserDialogProps) {
  const remove = useRemoveUser();
  const removed = useRef(false);
  return (
    <ConfirmDialog
      returnFocus={() => (removed.current ? focusAfterRemove?.() : undefined)}
      open={user !== undefined}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Are you sure?"
      description={
        <>
          This will remove <strong className="font-semibold text-ink">{user?.fullName}</strong> from your organization. This
          action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => {
        if (!user) return;
        removed.current = false;
        remove.mutate(user.id, {
          onSuccess: () => {
            removed.current = true;
            toast({ title: 'User removed', description: `${user.fullName} has been removed.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Failed to remove user', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
