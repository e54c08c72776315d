import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-title';
import { SimpleHeader } from '../components/simple-header';

/** What a path that is no route says (spec section 2), with one way onward. */
export function NotFoundContent({ back }: { back: { to: string; label: string } }) {
  usePageTitle('Page not found');
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="max-w-md text-ink-2">The page you are looking for does not exist or has moved.</p>
      <Link to={back.to} className={buttonClasses({ className: 'mt-2' })}>
        {back.label}
      </Link>
    </div>
  );
}

/** Any path that is not a route, for a signed-out visitor (a signed-in user sees it inside the app, app/not-found-route.tsx). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader />
      <main className="flex flex-1 flex-col">
        <NotFoundContent back={{ to: '/', label: 'Back to home' }} />
      </main>
    </div>
  );
}
