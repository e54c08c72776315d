import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectsLoadMore } from './projects-load-more';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver the test moves: `show(true)` brings the end of the list into view. */
function observedEnd() {
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  return { show: (inView: boolean) => act(() => report?.([{ isIntersecting: inView }])) };
}

describe('the end of the projects list', () => {
  it('loads the next page by itself once while the end stays in view (a short page), then waits for Load more or a scroll', async () => {
    const end = observedEnd();
    const fetchNextPage = vi.fn();
    const props = { hasNextPage: true, failed: false, fetchNextPage };
    const view = render(<ProjectsLoadMore {...props} isFetchingNextPage={false} />);
    end.show(true);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    // The page came back short: the end is still in view, and nothing more is asked by itself.
    view.rerender(<ProjectsLoadMore {...props} isFetchingNextPage />);
    view.rerender(<ProjectsLoadMore {...props} isFetchingNextPage={false} />);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    // Scrolled away and back: the user asks again.
    end.show(false);
    end.show(true);
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });
});
