import { useEffect, useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '../../../shared/product';

/** 'Projects · Growthwise'; the landing page passes nothing and is the product's name alone. */
export const documentTitle = (title?: string) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

let announcement = '';
let titledOnce = false;
const listeners = new Set<() => void>();

function setTitle(title?: string) {
  document.title = documentTitle(title);
  // The first page's title is read out by the browser itself as the page loads; each later one is
  // announced, since a client-side navigation is otherwise silent for a screen reader.
  if (titledOnce) {
    announcement = document.title;
    for (const listener of listeners) listener();
  }
  titledOnce = true;
}

/** Sets the browser tab's title while the calling page is on screen, and announces it after a navigation. */
export function usePageTitle(title?: string) {
  useEffect(() => setTitle(title), [title]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The latest announced title, for the one polite live region (components/ui/route-announcer.tsx). */
export const useRouteAnnouncement = () =>
  useSyncExternalStore(
    subscribe,
    () => announcement,
    () => '',
  );
