import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { RouteAnnouncer } from '../components/ui/route-announcer';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { SessionEndedHandler } from './session-ended-handler';

/**
 * What every page has around its router: the query client and the toasts. The router is the
 * browser's (main.tsx) or, when the build prerenders the public pages, a static one (prerender.tsx).
 */
export function App({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useEffect(() => {
    // A prerendered page looks ready before React has taken it over, and until then clicks do
    // nothing: this mark says it has (the end-to-end tests wait for it before they act).
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SessionEndedHandler />
      <Toaster />
      <RouteAnnouncer />
    </QueryClientProvider>
  );
}
