import type { RouteDefinition } from '../../../functions/routes';

/**
 * The DynamoDB round trips each read route may make, the session check included
 * (docs/performance.md). Every GET route of the table has its line: test/infra/contract.test.ts
 * fails on one without, so a new read route's budget is a decision, not a default.
 */
export const READ_BUDGETS: Record<string, number> = {
  'GET /api/user': 1,
  // The session load and one bounded Query of the person's own notifications (docs/decisions/102).
  'GET /api/notifications/unread/count': 2,
  'GET /api/notifications': 2,
  'GET /api/projects': 2,
  'GET /api/projects/{id}': 3,
  'GET /api/projects/{id}/members': 2,
  'GET /api/organization-users': 2,
  'GET /api/organization/users': 2,
  'GET /api/avatars/{userId}/{version}': 2,
  // The document is part of the bundle: no read of its own; a browser's cookie still loads its session, as on the avatar's route.
  'GET /api/openapi.json': 1,
  'GET /api/user/sessions': 2,
  'GET /api/user/passkeys': 2,
  // The billing item comes with the session (preload).
  'GET /api/billing/subscription': 1,
  // The figures with the session, then four bounded Queries side by side (decisions 032, 065; the caller's memberships, 037, with their copies of the projects 'my projects' shows, 104): the same at 5 and 5,000 projects.
  'GET /api/dashboard': 5,
  // The session, five bounded Queries side by side (overdue, Planning due soon, the oldest In Progress, the feed, due in 14 days), the member
  // sets of the projects found in one BatchGetItem, the names of the five people on the most projects due soon (decision 116).
  'GET /api/dashboard/recommendations': 8,
  'GET /api/projects/{id}/activity': 2,
  // The project with the session, then one Query of a page of comments, whatever their number (decision 048).
  'GET /api/projects/{id}/comments': 2,
  // The session, then the project's rules and the organization's, a Query each side by side (issue 64): the same at 1 and 1,000 rules.
  'GET /api/automations': 3,
  // The rule comes with the session (preload).
  'GET /api/automations/{id}': 1,
  // The rule with the session, then one Query of a page of its runs.
  'GET /api/automations/{id}/runs': 2,
  'GET /api/organization/invitations': 2,
  'GET /api/organization/sso/domains': 2,
  // The connection comes with the session (preload).
  'GET /api/organization/sso': 1,
  // The organization and connection come with the session; the domains, and the admins (usersByRole, at most 100).
  'GET /api/organization/sso/requirement': 3,
  // The result of this session's connection test travels in its own signed cookie: the session alone.
  'GET /api/organization/sso/test-result': 1,
  // A sign-in's callback: the connection, the domain's claim, the email item, the user and organization, then the session's write.
  'GET /api/sso/oidc/callback': 5,
  'GET /api/organization/scim-tokens': 2,
  // The session, then one Query of the organization's endpoints (at most 20).
  'GET /api/organization/webhooks': 2,
  // The endpoint with the session, then one Query of a page of its deliveries, whatever their number.
  'GET /api/organization/webhooks/{id}/deliveries': 2,
  'GET /api/organization/api-keys': 2,
  // SCIM, with a token instead of a session (measured in test/integration/scim): the token with its organization (one BatchGetItem: the plan sizes the request budget), the admin who created it (decision 069), its last use (at most once a minute), then the organization's settings and one Query of a page.
  'GET /api/scim/v2/Users': 5,
  'GET /api/scim/v2/Users/{id}': 4,
  // Discovery is fixed text: the token with its organization, its creator and its last use. Groups: one Query of the role index per group listed (none when members are excluded).
  'GET /api/scim/v2/ServiceProviderConfig': 3,
  'GET /api/scim/v2/ResourceTypes': 3,
  'GET /api/scim/v2/Schemas': 3,
  'GET /api/scim/v2/Groups': 5,
  'GET /api/scim/v2/Groups/{id}': 4,
  // An unfiltered page, or one person's (index auditByActor, decision 062), is one Query; one filtered by action may take up to 4 (docs/data-model.md, Audit log).
  'GET /api/organization/audit-log': 2,
  // One 1 MB Query holds the whole log of these fixtures; a longer range takes one per MB, at most 20.
  'GET /api/organization/audit-log/export': 2,
};

/**
 * Read capacity units a page of GET /api/projects may consume, the session's BatchGetItem included:
 * a page of at most 100 projects plus one looked ahead, whatever the organization's size
 * (docs/decisions/027). Seeded projects are about 330 bytes; creation order is read consistently
 * (1 unit per 4 KB, 18 units measured for a full page), the indexes eventually (half that).
 */
export const PROJECT_PAGE_READ_UNITS = 24;

/**
 * Read capacity units a filtered page of GET /api/projects may consume (issue 62): a status, due or
 * 'My projects' view is a key range (docs/decisions/104), and what a range cannot select is tested on
 * at most 100 items read; before, up to 3 × 400 items a page, and 'My projects' every membership first.
 */
export const FILTERED_PROJECT_PAGE_READ_UNITS = 30;

/**
 * Read capacity units of routes whose answer is a page or a bounded count, the session's
 * BatchGetItem included, whatever the number of items behind them (test/integration/budgets/read-route-budgets.test.ts, 5 against 5,000).
 */
export const READ_UNIT_BUDGETS: Record<string, number> = {
  // A page of 50 notifications, eventually consistent: 7 measured (4 for 5).
  'GET /api/notifications': 8,
  // The project, then 21 entries read consistently: 6 measured (5 for 6 entries).
  'GET /api/projects/{id}/activity': 7,
  // The project, then 31 comments: 7 measured (5 for 5).
  'GET /api/projects/{id}/comments': 8,
  // The figures with the session, at most 51 open-due index items per list, 51 memberships, the 5 projects shown and 10 entries:
  // 13 measured (7 for 5 projects), 11.5 before each membership carried its member's copy (decision 103); 15 when the lists
  // counted to 100 (decision 078), 133 when they read up to 1,000 items and 'my projects' the newest 500 (decision 065).
  'GET /api/dashboard': 14,
  // At most 10 + 10 + 15 index items, 100 feed entries, 51 open-due items, then the ≤ 86 member sets of those projects and 5 people by
  // key: a BatchGetItem bills each item at least 4 KB (0.5 unit eventually), so the sets are most of it. 55.5 measured at 2,000
  // projects with 25 In Progress ones read (8 at 10); bounded whatever the size (recommendation-budgets.test.ts).
  'GET /api/dashboard/recommendations': 60,
};

/**
 * Read capacity units a page of GET /api/organization/users or /api/organization-users may consume,
 * the session's BatchGetItem included: at most 100 users plus one looked ahead (docs/decisions/031).
 * Creation order reads the whole user items consistently; the indexes hold only what the lists show
 * and are read eventually (half the units).
 */
export const USER_PAGE_READ_UNITS = 24;

/**
 * A page whose filter the key cannot express (a role in creation or email order): 400 users a Query,
 * at most 3 (docs/data-model.md, Users), the whole user items in creation order, read consistently
 * (57 units measured for the first Query of 400).
 */
export const USER_FILTERED_PAGE_READ_UNITS = 180;

/**
 * Read capacity units a page of GET /api/organization/invitations may consume, the session's
 * BatchGetItem included: at most 100 invitations plus one looked ahead, read strongly (decision 062).
 */
export const INVITATION_PAGE_READ_UNITS = 20;

/**
 * Accepting an invitation: the link's reads (counter, token, invitation, organization) and the admins, whatever the
 * organization's size: 3.5–4 measured before, 5–5.5 since the organization item carries the SSO requirement and the
 * two-factor count (decisions 054, 059) and users their profile version (063), in six reads; 6.5 since the address's
 * domain claim is read (decision 097), in seven. 5,000 users would be hundreds.
 */
export const ACCEPT_READ_UNITS = 7;

/**
 * What a GET route answers driven here: the identity provider's callback a redirect (refused, with no
 * pending sign-in: 302 to /auth); the connection test's result 404 (no test was run).
 */
const DRIVEN_STATUS: Record<string, number> = { 'GET /api/sso/oidc/callback': 302, 'GET /api/organization/sso/test-result': 404 };
export const okStatusOf = (route: Pick<RouteDefinition, 'method' | 'path'>) => DRIVEN_STATUS[routeKey(route)] ?? 200;

/** Routes a SCIM token calls, not a session: test/integration/scim drives them and holds them to the budgets above. */
export const isScimRoute = (route: Pick<RouteDefinition, 'path'>) => route.path.startsWith('/api/scim/');

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function budgetOf(route: Pick<RouteDefinition, 'method' | 'path'>): number {
  const budget = READ_BUDGETS[routeKey(route)];
  if (budget === undefined)
    throw new Error(`${routeKey(route)} has no call budget: add it to test/integration/budgets/read-budgets.ts`);
  return budget;
}
