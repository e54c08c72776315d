import { signInUrlFor } from '@shared/return-path';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StepUpDialog } from '../../features/user-settings/components/step-up-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { AppShell } from './app-shell';
import { MfaSetupRequired } from './mfa-setup-required';

/** Protected routes (spec section 2): a spinner while the user loads, /auth (and back) without one. */
export function ProtectedLayout() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  const location = useLocation();
  if (isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-ink-2">We could not load your account. Please try again.</p>
        <Button onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (!user) {
    // Logout moves to / and then clears the user; if this layout renders once more before the new
    // page is on screen, it must not send the user to /auth instead.
    if (window.location.pathname !== location.pathname) return null;
    // After sign-in the visitor comes back to the page asked for (a shared project link, say).
    return <Navigate to={signInUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  // The organization requires two-factor and this member has none yet: setup comes before any other screen.
  if (user.mfaSetupRequired) return <MfaSetupRequired user={user} />;
  return (
    <AppShell user={user}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      {/* 'Confirm it's you', once for every page that makes security changes (docs/decisions/038). */}
      <StepUpDialog />
    </AppShell>
  );
}
