import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

/**
 * The browser's router, created once the lazy modules of the routes that match the URL are loaded:
 * the first render then draws the page itself, which hydrating a prerendered page needs (it must
 * draw exactly what the build drew) and which spares every other page a blank first frame.
 * `ready` is false when one of those modules failed to load: the router then loads it again itself
 * and shows the route's error page.
 */
export async function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  const loaded = await Promise.all(matches.map(({ route }) => resolveLazy(route)));
  return { router: createBrowserRouter(routes), ready: loaded.every(Boolean) };
}

/** React Router's recipe for hydrating lazy routes: the loaded properties replace `lazy`. */
async function resolveLazy(route: RouteObject): Promise<boolean> {
  if (!route.lazy) return true;
  // The per-property form of `lazy` is left to the router (routes.tsx uses none).
  if (typeof route.lazy !== 'function') return false;
  try {
    Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    return true;
  } catch {
    return false;
  }
}
