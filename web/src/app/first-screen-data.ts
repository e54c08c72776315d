import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '../lib/current-user';
import { hasSessionHint } from '../lib/session-hint';

/**
 * Asks for the first screen's data while its code loads. Without this the requests wait in turn:
 * the page's modules, then the session check, then the page's own list, each a round trip after
 * the last (at 50,000 projects /projects drew its first rows a second late, issue 36). Asked here,
 * into the app's query client, the page finds them answered or on their way. Only with a session
 * hint: a signed-out visitor asks nothing (a 401 there is handled by lib/session-ended.ts).
 */
export function requestFirstScreenData(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>) {
  if (!hasSessionHint()) return;
  void queryClient.prefetchQuery(userQueries.current());
  if (location.pathname === '/projects') {
    const { search } = location;
    // Modules the page imports too: loaded with it, not weight on every other page's entry.
    void Promise.all([import('../features/projects/api/projects'), import('../lib/project-list-view')]).then(
      ([{ projectQueries }, { listFiltersOf, readListView }]) => {
        const view = readListView(new URLSearchParams(search));
        return queryClient.prefetchInfiniteQuery(projectQueries.list(listFiltersOf(view, view.name)));
      },
    );
  }
}
