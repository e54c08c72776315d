import type { OrganizationUserResponse } from '../../../../../shared/schemas/account';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useResetUserMfa } from '../api/organization-users';

/** 'Are you sure?' before an admin resets another user's two-factor sign-in. */
export function ResetMfaDialog({ user, onClose }: { user: OrganizationUserResponse | undefined; onClose: () => void }) {
  const reset = useResetUserMfa();
  return (
    <ConfirmDialog
      open={user !== undefined}
      onOpenChange={(open) => {
        if (!open && !reset.isPending) onClose();
      }}
      title="Reset two-factor authentication?"
      description={
        <>
          <strong className="font-semibold text-ink">{user?.fullName}</strong> will be signed out everywhere and must set up two-factor authentication again at their next sign-in.
        </>
      }
      confirmLabel="Reset"
      pending={reset.isPending}
      onConfirm={() => {
        if (!user) return;
        reset.mutate(user.id, {
          onSuccess: () => {
            toast({ title: 'Two-factor authentication reset', description: `${user.fullName} will set it up again at their next sign-in.` });
            onClose();
          },
          onError: (error) => toast({ title: 'Reset failed', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
