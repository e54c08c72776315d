import { type RouteDefinition, routes } from '../functions/routes';
import * as billingEndpoints from '../shared/contract/billing';

/** One request of a cold-start run, before it becomes a Lambda event (bench/lambda-event.ts). */
export interface ColdStartRequest {
  params?: Record<string, string>;
  cookie?: string;
  body?: unknown;
}

/** What the representative requests name: the cold-start organization's sessions, ids and password (bench/cold-start-fixture.ts). */
export interface ColdStartNames {
  cookie: string;
  orgId: string;
  adminEmail: string;
  password: string;
  projectIds: string[];
  staffIds: string[];
  staffEmails: string[];
  notificationId: string;
  avatar: { userId: string; version: string };
}

export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const WEBHOOK_ROUTE = `${billingEndpoints.webhook.method} ${billingEndpoints.webhook.path}`;

/**
 * A request of its own for each run (a new target, a new session, a new signed delivery): made by the
 * fixture before the timed runs, because the product lets each work only once or a few times an hour.
 */
export const PER_RUN_ROUTES = [
  // Removals succeed once per target.
  'DELETE /api/organization/users/{userId}',
  'DELETE /api/projects/{id}',
  // A wrong current password is a failed proof of its user (10 in 15 minutes): each run is a user of its own,
  // so the cold-start admin's proofs, its step-ups, never meet that limit.
  'POST /api/user/change-password',
  // Three verification mails an hour per user.
  'POST /api/email-verification/resend',
  // Logout ends the session it names.
  'POST /api/logout',
  // Each delivery is signed and applied once.
  WEBHOOK_ROUTE,
] as const;

/**
 * Security changes need a recent step-up (docs/decisions/038): the fixture's session proves its
 * password right before each such route's runs, so they are measured doing their work rather than
 * refusing it, and no route's runs straddle the end of a step-up made for another.
 */
export const needsStepUp = (route: Pick<RouteDefinition, 'endpoint'>) => route.endpoint.stepUp === true;

/** The representative request of each route that needs one other than `defaultRequest`'s; the statuses are reported beside the times. */
const REQUESTS: Record<string, (f: ColdStartNames) => ColdStartRequest> = {
  // A new email each run: the same one would be taken from the second run on.
  'POST /api/register': (f) => ({
    body: {
      username: `cold-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: f.password,
      fullName: 'Cold Start',
      organizationName: 'Cold Start Org',
      plan: 'professional',
      billingCycle: 'monthly',
    },
  }),
  'POST /api/login': (f) => ({ body: { username: f.adminEmail, password: f.password } }),
  'POST /api/projects': (f) => ({ cookie: f.cookie, body: { name: 'Cold start project' } }),
  'PATCH /api/projects/{id}': (f) => ({ cookie: f.cookie, params: { id: f.projectIds[0]! }, body: { status: 'in_progress' } }),
  'PUT /api/projects/{id}/members': (f) => ({
    cookie: f.cookie,
    params: { id: f.projectIds[1]! },
    body: { memberIds: [f.staffIds[0]!] },
  }),
  'PATCH /api/notifications/{id}/read': (f) => ({ cookie: f.cookie, params: { id: f.notificationId } }),
  'POST /api/user/avatar': (f) => ({ cookie: f.cookie, body: { avatarUrl: TINY_PNG } }),
  'PATCH /api/user/profile': (f) => ({ cookie: f.cookie, body: { fullName: 'Cold Start Admin' } }),
  'POST /api/user/step-up': (f) => ({ cookie: f.cookie, body: { password: f.password } }),
  // A wrong current password: the whole check runs, and the other sessions stay (each run's session is a user of its own: PER_RUN_ROUTES).
  'POST /api/user/change-password': (f) => ({
    cookie: f.cookie,
    body: { currentPassword: 'not-the-password', newPassword: 'another-password' },
  }),
  'PATCH /api/organization/{id}': (f) => ({ cookie: f.cookie, params: { id: f.orgId }, body: { name: 'Cold Start Marketing' } }),
  'POST /api/organization/users': (f) => ({
    cookie: f.cookie,
    body: { username: f.staffEmails[0]!, fullName: 'Cold Start Staff', role: 'staff' },
  }),
  'GET /api/avatars/{userId}/{version}': (f) => ({ params: f.avatar }),
};

/** Every other route: the admin's session, its path's ids from the organization, an empty body. */
function defaultRequest(route: Pick<RouteDefinition, 'method' | 'path'>, f: ColdStartNames): ColdStartRequest {
  const params: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) params[name!] = name === 'id' ? f.projectIds[0]! : f.staffIds[0]!;
  return { cookie: f.cookie, params, ...(route.method === 'GET' ? {} : { body: {} }) };
}

/** A representative request of `route` (a new one each call: register's email differs each time). */
export function requestFor(route: Pick<RouteDefinition, 'method' | 'path'>, f: ColdStartNames): ColdStartRequest {
  const own = REQUESTS[`${route.method} ${route.path}`];
  return own ? own(f) : defaultRequest(route, f);
}

/**
 * The handlers `--tiny` measures (bench/bench-size.ts): every one whose request or set-up is its own,
 * the audit routes (measured first, against the fixture's log) and one plain read. A set-up that
 * breaks breaks there, as in a full run.
 */
export function ownSetUpHandlers(): string[] {
  const keys = new Set<string>([...Object.keys(REQUESTS), ...PER_RUN_ROUTES, 'GET /api/user']);
  return [
    ...new Set(
      routes
        .filter(
          (route) => keys.has(`${route.method} ${route.path}`) || needsStepUp(route) || route.handler.startsWith('audit-log/'),
        )
        .map((route) => route.handler),
    ),
  ];
}
