import type { UserResponse } from '@shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useLogout } from '../../features/auth/api/auth';
import { PasskeysCard } from '../../features/user-settings/components/passkeys-card';
import { StepUpDialog } from '../../features/user-settings/components/step-up-dialog';
import { TwoFactorCard } from '../../features/user-settings/components/two-factor-card';
import { usePageTitle } from '../../lib/page-title';

/**
 * What a member sees, whatever page they opened, while their organization requires two-factor
 * sign-in and they have not set it up: only the setup (an authenticator app or a passkey; every other route answers them 403) and a way out.
 */
export function MfaSetupRequired({ user }: { user: UserResponse }) {
  usePageTitle('Set up two-factor authentication');
  const logout = useLogout();
  return (
    <main id="main" className="mx-auto grid min-h-dvh w-full max-w-xl content-start gap-6 px-4 py-10">
      <div className="flex items-center justify-between">
        <Logo />
        <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Logout
        </Button>
      </div>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Set up two-factor authentication</h1>
        <p className="text-muted">{user.roles[0]?.organization.name} requires it for every member before you continue.</p>
      </div>
      <TwoFactorCard user={user} />
      {/* A passkey meets the requirement too (docs/decisions/046). */}
      <PasskeysCard />
      <StepUpDialog />
    </main>
  );
}
