import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { SimpleHeader } from '../components/simple-header';
import { usePageTitle } from '../../../lib/page-title';

/** Any path that is not a route (spec section 2). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader />
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <p className="text-6xl font-extrabold text-brand-80" aria-hidden>
          404
        </p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
        <p className="max-w-md text-ink-2">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClasses({ className: 'mt-2' })}>
          Back to home
        </Link>
      </main>
    </div>
  );
}
