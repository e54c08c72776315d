import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

export { toast } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';

// Radix Toast is fetched with the first toast, so the landing page's initial JavaScript stays small.
const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

const hasToasts = () => toastStore.getSnapshot().length > 0;

/** The notifications region: mount once, at the root of the app. */
export function Toaster() {
  // useSyncExternalStore, not a subscription in an effect: a toast shown between the first render and
  // the effect (a sign-in answered while the page hydrates) was missed, and no region ever mounted.
  const showing = useSyncExternalStore(toastStore.subscribe, hasToasts, () => false);
  const [needed, setNeeded] = useState(showing);
  if (showing && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
