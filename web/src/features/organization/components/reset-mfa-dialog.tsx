import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useResetUserMfa } from '../api/organization-users';

interface ResetMfaDialogProps {
  user: OrganizationUserResponse | undefined;
  onClose: () => void;
  /** Where focus goes after a reset (the Reset two-factor button goes once two-factor is off); a cancel goes back to that button. */
  focusAfterReset?: (userId: string) => HTMLElement | null | undefined;
}

/** 'Are you sure?' before an admin resets another user's two-factor sign-in. */
export function ResetMfaDialog({ user, onClose, focusAfterReset }: ResetMfaDialogProps) {
  const reset = useResetUserMfa();
  // Whose two-factor was reset: the dialog's user is gone from the props by the time focus returns.
  const resetUserId = useRef<string | null>(null);
  return (
    <ConfirmDialog
      returnFocus={() => {
        const userId = resetUserId.current;
        // Read once, so a later cancel goes back to its own opener.
        resetUserId.current = null;
        return userId === null ? undefined : focusAfterReset?.(userId);
      }}
      open={user !== undefined}
      onOpenChange={(open) => {
        if (!open && !reset.isPending) onClose();
      }}
      title="Reset two-factor authentication?"
      description={
        <>
          <strong className="font-semibold text-ink">{user?.fullName}</strong> will be signed out everywhere, their passkeys will
          be removed, and they must set up two-factor authentication again at their next sign-in.
        </>
      }
      confirmLabel="Reset"
      pending={reset.isPending}
      onConfirm={() => {
        if (!user) return;
        reset.mutate(user.id, {
          onSuccess: () => {
            resetUserId.current = user.id;
            toast({
              title: 'Two-factor authentication reset',
              description: `${user.fullName} will set it up again at their next sign-in.`,
            });
            onClose();
          },
          onError: (error) => toast({ title: 'Reset failed', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
