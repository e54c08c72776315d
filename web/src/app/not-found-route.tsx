import { NotFoundContent, NotFoundPage } from '../features/marketing/pages/not-found-page';
import { useCurrentUser } from '../lib/current-user';
import { AppShell } from './layouts/app-shell';

/** A path that is no route: inside the app's frame for a signed-in user, the public page for anyone else. */
export function NotFoundRoute() {
  const { data: user, isPending } = useCurrentUser();
  // Signed out, this settles at once (no session hint, no request): nothing flashes.
  if (isPending) return null;
  if (!user) return <NotFoundPage />;
  return (
    <AppShell user={user}>
      <NotFoundContent back={{ to: '/dashboard', label: 'Go to Dashboard' }} />
    </AppShell>
  );
}
