import { PRODUCT_NAME } from '@shared/product';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { LogoLink } from '../../../components/logo-link';
import { QueryState } from '../../../components/query-state';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { developerQueries } from '../api/developers';
import { DevelopersIntro } from '../components/developers-intro';

// Scalar's reference is most of this page's weight: a chunk of its own, fetched once the intro is on screen.
const ApiReference = lazy(() => import('../components/api-reference').then((m) => ({ default: m.ApiReference })));

const referenceLoading = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading the API reference" />
  </div>
);

/**
 * /developers: how an integration authenticates, then the reference of every route a key may call,
 * drawn from GET /api/openapi.json. Public documentation: the same page signed in or out, with the
 * way to a key for admins (docs/decisions/115).
 */
export function DevelopersPage() {
  usePageTitle('Developers');
  const { data: user } = useCurrentUser();
  const document = useQuery(developerQueries.openApiDocument());
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <LogoLink to={user ? '/dashboard' : '/'} />
          {user ? (
            <Link to="/dashboard" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Back to the app
            </Link>
          ) : (
            <Link to="/auth" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              Sign in
            </Link>
          )}
        </div>
      </header>
      <main className="flex-1">
        <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
          <div className="grid gap-2">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Developers</h1>
            <p className="text-lg text-muted">
              Connect your CRM, your spreadsheets and your other tools to your organization&rsquo;s projects, comments and people
              with the {PRODUCT_NAME} API.
            </p>
          </div>
          <DevelopersIntro user={user} />
        </div>
        <section aria-labelledby="developers-reference" className="border-t border-line">
          <h2 id="developers-reference" className="sr-only">
            API reference
          </h2>
          <QueryState
            query={document}
            placeholder={referenceLoading}
            error="The API reference could not be loaded."
            retry="Try again"
            className="mx-auto my-10 max-w-3xl"
          >
            {(content) => (
              <Suspense fallback={referenceLoading}>
                <ApiReference document={content} />
              </Suspense>
            )}
          </QueryState>
        </section>
      </main>
    </div>
  );
}
