import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/routes';

/**
 * The build's entry for prerendering (web/build/prerender-plugin.ts, docs/decisions/011): the markup
 * of #root for one public page, drawn as the browser's first render draws it: the same tree as
 * main.tsx, with the current user still loading and the route's lazy module already loaded.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}); only pages can be prerendered`);
  // A path that is no route (404) or whose module failed (500) must fail the build, not ship its error page.
  if (context.statusCode !== 200) throw new Error(`${path} answered ${context.statusCode} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <App>
        {/* Not hydrate: its inline script would break the CSP (script-src 'self'); nothing loads data anyway. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
}
