import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { usePageTitle } from '../lib/page-title';

/** Any error a route throws (a chunk that failed to load after a deploy, say): a clear page, not a crash. */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center">
      <Logo />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-ink-2">The page could not be shown. Reloading usually helps.</p>
      {detail ? <p className="max-w-md text-sm text-muted">{detail}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={buttonClasses({ variant: 'outline' })}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
