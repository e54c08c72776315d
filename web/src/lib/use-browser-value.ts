import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * A value only the browser can know at the moment (today's date, say): null while the build
 * prerenders and during hydration, so the browser's first render matches the prerendered markup,
 * then the browser's own value (React renders again right after hydrating). Without prerendering,
 * the browser's value from the first render. `read` must answer a primitive.
 */
export function useBrowserValue<T extends string | number | boolean>(read: () => T): T | null {
  return useSyncExternalStore<T | null>(subscribeToNothing, read, () => null);
}

const yes = () => true;

/** False while React has not yet taken over a prerendered page, true once it has (and always without prerendering). */
export const useHydrated = () => useBrowserValue(yes) ?? false;
