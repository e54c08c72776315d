import type { RouteObject } from 'react-router-dom';
import { PageArrival } from './page-hold';
import { RouteError } from './route-error';

/**
 * Every screen of spec section 2. Pages, and the protected layout with its menus, are loaded on
 * demand so the landing page ships only its own code; features combine here, never by importing
 * each other. The browser's router (router.tsx) and the build's prerendering (prerender.tsx) both
 * read this table.
 */
export const routes: RouteObject[] = [
  {
    Component: PageArrival,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: () => import('../features/marketing/pages/landing-page').then((m) => ({ Component: m.LandingPage })) },
      { path: '/auth', lazy: () => import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })) },
      {
        path: '/forgot-password',
        lazy: () =>
          import('../features/mail-links/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/reset-password',
        lazy: () => import('../features/mail-links/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '/verify-email',
        lazy: () => import('../features/mail-links/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        path: '/unsubscribe',
        lazy: () => import('../features/mail-links/pages/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
      },
      {
        path: '/invite',
        lazy: () => import('../features/mail-links/pages/invite-page').then((m) => ({ Component: m.InvitePage })),
      },
      { path: '/terms', lazy: () => import('../features/marketing/pages/terms-page').then((m) => ({ Component: m.TermsPage })) },
      {
        path: '/sso/test-result',
        lazy: () =>
          import('../features/organization/pages/sso-test-result-page').then((m) => ({ Component: m.SsoTestResultPage })),
      },
      {
        path: '/privacy',
        lazy: () => import('../features/marketing/pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
      },
      // Public documentation, signed in or out: the API reference (docs/decisions/115).
      {
        path: '/developers',
        lazy: () => import('../features/developers/pages/developers-page').then((m) => ({ Component: m.DevelopersPage })),
      },
      {
        lazy: () => import('./layouts/protected-layout').then((m) => ({ Component: m.ProtectedLayout })),
        children: [
          {
            path: '/dashboard',
            lazy: () => import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
          },
          ...['/profile', '/user-settings'].map((path) => ({
            path,
            lazy: () =>
              import('../features/user-settings/pages/user-settings-page').then((m) => ({ Component: m.UserSettingsPage })),
          })),
          ...['/users', '/organization-settings'].map((path) => ({
            path,
            lazy: () =>
              import('../features/organization/pages/account-settings-page').then((m) => ({ Component: m.AccountSettingsPage })),
          })),
          ...['/subscription', '/billing'].map((path) => ({
            path,
            lazy: () => import('../features/billing/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
          })),
          { path: '/help', lazy: () => import('../features/help/pages/help-page').then((m) => ({ Component: m.HelpPage })) },
          {
            path: '/projects',
            lazy: () => import('../features/projects/pages/projects-page').then((m) => ({ Component: m.ProjectsPage })),
          },
          {
            path: '/projects/:id',
            lazy: () =>
              import('../features/projects/pages/project-detail-page').then((m) => ({ Component: m.ProjectDetailPage })),
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
