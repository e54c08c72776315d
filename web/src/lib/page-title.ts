import { PRODUCT_NAME } from '@shared/product';
import { useEffect, useSyncExternalStore } from 'react';

/** 'Projects · Growthwise'; the landing page passes nothing and is the product's name alone. */
const documentTitle = (title?: string) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

let announcement = '';
let loadedPath: string | null = null;
const listeners = new Set<() => void>();

function setTitle(title?: string) {
  document.title = documentTitle(title);
  // The page the browser loaded is read out by the browser itself, however its title settles; each
  // page reached inside the app is announced, since such a navigation is otherwise silent.
  loadedPath ??= window.location.pathname;
  if (window.location.pathname === loadedPath && announcement === '') return;
  announcement = document.title;
  for (const listener of listeners) listener();
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
