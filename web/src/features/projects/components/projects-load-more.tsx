import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

interface ProjectsLoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last page asked for failed: no more automatic loading until the button is pressed. */
  failed: boolean;
  fetchNextPage: () => unknown;
}

/** How far below the viewport the end of the list starts the next page: it is there before the user is. */
const AHEAD = '800px';

/**
 * Pages loaded by themselves while the end stays in view: a short page (a filter the server stopped
 * reading for, decision 104) is followed once, so no view chains more than 2 requests to fill the
 * screen; then 'Load more' asks, or scrolling on.
 */
const AUTOMATIC_WHILE_IN_VIEW = 1;

/**
 * The end of the list: the next page loads by itself as the user scrolls near it (an
 * IntersectionObserver on this block), or with 'Load more' (keyboard users, and browsers without
 * the observer). A page that leaves the end in view loads the next at once, once.
 */
export function ProjectsLoadMore({ hasNextPage, isFetchingNextPage, failed, fetchNextPage }: ProjectsLoadMoreProps) {
  const end = useRef<HTMLDivElement>(null);
  const [nearEnd, setNearEnd] = useState(false);
  const automatic = useRef(0);

  useEffect(() => {
    const element = end.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setNearEnd(entry?.isIntersecting ?? false), {
      rootMargin: `0px 0px ${AHEAD} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage]);

  useEffect(() => {
    if (!nearEnd) automatic.current = 0;
    if (!nearEnd || !hasNextPage || isFetchingNextPage || failed || automatic.current >= AUTOMATIC_WHILE_IN_VIEW) return;
    automatic.current += 1;
    void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, failed, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={end} className="grid justify-items-center gap-3 py-2">
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load more projects. Please try again.
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
          aria-busy={isFetchingNextPage || undefined}
        >
          Load more
        </Button>
        {isFetchingNextPage ? <Spinner label="Loading more projects" /> : null}
      </div>
    </div>
  );
}
