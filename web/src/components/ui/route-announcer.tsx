import { useEffect, useRef } from 'react';
import { useRouteAnnouncement } from '../../lib/page-title';

const visuallyHidden =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0';

/**
 * Reads out the new page's title after a navigation inside the app (the browser reads the first
 * one). The live region sits in a closed shadow root: screen readers hear it as any other, but the
 * page's own text (and every text query over it) does not gain a second copy of each heading.
 */
export function RouteAnnouncer() {
  const announcement = useRouteAnnouncement();
  const host = useRef<HTMLDivElement>(null);
  const region = useRef<HTMLParagraphElement | null>(null);
  useEffect(() => {
    if (!host.current || region.current) return;
    const root = host.current.attachShadow({ mode: 'closed' });
    const live = document.createElement('p');
    live.setAttribute('aria-live', 'polite');
    live.setAttribute('aria-atomic', 'true');
    live.setAttribute('style', visuallyHidden);
    root.append(live);
    region.current = live;
  }, []);
  useEffect(() => {
    if (region.current) region.current.textContent = announcement;
  }, [announcement]);
  return <div ref={host} data-route-announcer="" />;
}
