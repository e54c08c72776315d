import { lazy, Suspense, useEffect, useState } from 'react';
import { toastStore } from './toast-store';

export { toast } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';

// Radix Toast is fetched with the first toast, so the landing page's initial JavaScript stays small.
const ToastRegion = lazy(() => import('./toast-region').then((module) => ({ default: module.ToastRegion })));

/** The notifications region: mount once, at the root of the app. */
export function Toaster() {
  const [needed, setNeeded] = useState(() => toastStore.getSnapshot().length > 0);
  useEffect(() => {
    if (needed) return;
    return toastStore.subscribe(() => setNeeded(true));
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
