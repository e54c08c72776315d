import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint (64rem): from here on the lists are tables, below it cards. */
export const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * Whether the screen matches a media query now, following it as the window is resized. Where there
 * is no `matchMedia` (the prerender, jsdom) it is `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
