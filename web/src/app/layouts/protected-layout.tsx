import { Navigate, Outlet } from 'react-router-dom';
import { useCurrentUser } from '../../features/auth/api/current-user';

/** Protected routes: a spinner while the user loads, /auth without one. */
export function ProtectedLayout() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <p role="status">Loading…</p>;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
