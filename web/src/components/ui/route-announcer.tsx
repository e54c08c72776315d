import { useRouteAnnouncement } from '../../lib/page-title';

/** Reads out the new page's title after a client-side navigation (the browser reads the first one). */
export function RouteAnnouncer() {
  const announcement = useRouteAnnouncement();
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
