import type { UserResponse } from '@shared/schemas/auth';
import type { ReactNode } from 'react';
import { BillingBanner } from '../../features/billing/components/billing-banner';
import { EmailVerificationBanner } from '../../features/mail-links/components/email-verification-banner';
import { isAdmin } from '../../lib/current-user';
import { AppSidebar } from './app-sidebar';
import { AppTopBar } from './app-top-bar';

/** The signed-in frame: skip link, sidebar, top bar and banners around a page (protected routes, and the 404 for a signed-in user). */
export function AppShell({ user, children }: { user: UserResponse; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppSidebar />
      <div className="flex min-h-dvh min-w-0 flex-col md:pl-64">
        <AppTopBar user={user} />
        <EmailVerificationBanner user={user} />
        <BillingBanner isAdmin={isAdmin(user)} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
