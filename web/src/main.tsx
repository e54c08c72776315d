import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './app/app';
import { requestFirstScreenData } from './app/first-screen-data';
import { holdPageWhileNavigating } from './app/page-hold';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
requestFirstScreenData(queryClient, window.location);

// Not a top-level await: the entry would then be unfinished while the page's chunk loads, so the
// bundler would split every module they share out of the entry to avoid a cycle (more requests).
void createAppRouter().then(({ router, ready }) => {
  holdPageWhileNavigating(router);
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // A prerendered page (docs/decisions/011) arrives drawn, its #root naming the path it was drawn
  // for: React takes that markup over instead of drawing it again, in a transition so that the work
  // is done in short slices the browser can interleave with input (a click is still handled first).
  // Markup drawn for another URL (say, a CDN rewrite older than this build, or a query the build
  // drew no page for) is replaced, as the empty shell of other paths is filled.
  const url = window.location.pathname.replace(/(.)\/+$/, '$1') + window.location.search;
  if (ready && container.dataset.prerendered === url) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
