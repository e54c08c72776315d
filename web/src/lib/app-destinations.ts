import { INVITE_PEOPLE_PATH } from './invite-link';

/** A screen of the app the command palette can open, with the words people may type to find it. */
export interface AppDestination {
  label: string;
  path: string;
  keywords: string;
  adminOnly?: boolean;
}

/**
 * The screens and tabs of the signed-in app, for the palette's 'Go to' group. Few enough to match on
 * the client: only projects and people, which grow with the organization, are searched by the server.
 */
export const APP_DESTINATIONS: readonly AppDestination[] = [
  { label: 'Dashboard', path: '/dashboard', keywords: 'home overview figures' },
  { label: 'Projects', path: '/projects', keywords: 'list all projects' },
  { label: 'Notifications', path: '/notifications', keywords: 'inbox unread alerts' },
  { label: 'User Settings: Profile', path: '/user-settings?tab=profile', keywords: 'avatar name password account me' },
  {
    label: 'User Settings: Security',
    path: '/user-settings?tab=security',
    keywords: 'two-factor 2fa mfa authenticator recovery codes sessions sign out',
  },
  { label: 'User Settings: Notifications', path: '/user-settings?tab=notifications', keywords: 'email preferences mail' },
  {
    label: 'Account Settings: Organization',
    path: '/organization-settings?tab=organization',
    keywords: 'organization name company',
  },
  {
    label: 'Account Settings: Users',
    path: '/organization-settings?tab=users',
    keywords: 'people team members roles admin staff',
    adminOnly: true,
  },
  { label: 'Invite people', path: INVITE_PEOPLE_PATH, keywords: 'invite add user team member', adminOnly: true },
  {
    label: 'Account Settings: Audit Log',
    path: '/organization-settings?tab=audit-log',
    keywords: 'history events security log',
    adminOnly: true,
  },
  { label: 'Billing', path: '/billing', keywords: 'plan subscription invoice payment trial' },
  { label: 'Help', path: '/help', keywords: 'support articles faq contact' },
];

/** The destinations whose label or keywords hold every word typed (all of them for an empty query). */
export function matchDestinations(query: string, admin: boolean): AppDestination[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return APP_DESTINATIONS.filter(
    (destination) =>
      (admin || !destination.adminOnly) &&
      words.every((word) => `${destination.label} ${destination.keywords}`.toLowerCase().includes(word)),
  );
}
