import type { RouteDefinition } from '../functions/routes';
import type { SeededOrganization } from '../infra/local/seed';
import { callApi, signIn } from './api-client';
import { phaseAddresses } from './client-addresses';
import type { ColdStartFixture } from './cold-start';
import { type ColdStartRequest, TINY_PNG, WEBHOOK_ROUTE, needsStepUp } from './cold-start-requests';
import { SetUpError } from './set-up-checks';
import { subscriptionUpdates } from './stripe-deliveries';

/** Audit entries the cold-start organization holds when the audit routes are measured: one listing page. */
const AUDIT_ENTRIES = 50;

/**
 * What the cold-start probes' requests need from a seeded organization: a session, a notification,
 * an avatar; and the stage's webhook signing secret, which the local cloud and the probes were given.
 * Every request of the phase, the fixture's and each probe's, comes from a client address of its own
 * (bench/client-addresses.ts): a run's sign-in or registration counts on no other run's address.
 */
export async function coldStartFixture(
  base: string,
  host: string,
  cold: SeededOrganization,
  password: string,
  webhookSecret: string,
): Promise<ColdStartFixture> {
  const address = phaseAddresses('cold-start');
  const coldCookie = await signIn(base, cold.admin.email, password, address());
  const call = <T = any>(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) =>
    callApi<T>(base, path, { cookie: coldCookie, ...options, address: address() });
  // The audit routes read the organization's log, which every audited request of the bench lengthens:
  // they are measured first (bench/cold-start.ts), against these 50 renames and the sign-in above.
  for (let index = 0; index < AUDIT_ENTRIES; index += 1) {
    const renamed = await call(`/api/organization/${cold.orgId}`, {
      method: 'PATCH',
      body: { name: `Cold Start Org ${index % 2 === 0 ? 'A' : 'B'}` },
    });
    if (renamed.status !== 200) throw new SetUpError(`renaming the cold-start organization answered ${renamed.status}`);
  }
  const notifications = await call('/api/notifications');
  const avatar = await call<{ avatarUrl: string }>('/api/user/avatar', { body: { avatarUrl: TINY_PNG } });
  if (notifications.status !== 200 || avatar.status !== 200)
    throw new SetUpError(`the cold-start admin's notifications answered ${notifications.status}, its avatar ${avatar.status}`);
  const [, , avatarUserId, avatarVersion] = new URL(avatar.body.avatarUrl, base).pathname.split('/').slice(1);
  return {
    host,
    address,
    cookie: coldCookie,
    orgId: cold.orgId,
    adminEmail: cold.admin.email,
    password,
    projectIds: cold.projectIds,
    staffIds: cold.staff.map((user) => user.id),
    staffEmails: cold.staff.map((user) => user.email),
    notificationId: notifications.body[0].id,
    avatar: { userId: avatarUserId ?? '', version: avatarVersion ?? '' },
    freshRequests: (route, count) => freshRequests({ base, password, call, address, adminEmail: cold.admin.email }, route, count),
    // Made right before the webhook is measured: the linked customer changes no route measured before it.
    freshDeliveries: async (route, count) =>
      `${route.method} ${route.path}` === WEBHOOK_ROUTE ? subscriptionUpdates(base, webhookSecret, cold.orgId, count) : undefined,
  };
}

interface FixtureCalls {
  base: string;
  adminEmail: string;
  password: string;
  /** A call as the cold-start admin (or with the cookie given), from an address of its own. */
  call: <T = any>(
    path: string,
    options?: { method?: string; body?: unknown; cookie?: string },
  ) => Promise<{ status: number; body: T }>;
  address: () => string;
}

/**
 * What each run of a route of PER_RUN_ROUTES gets instead of the representative request's (bench/cold-start-requests.ts),
 * made through the API before the timed runs, so every run measures the route doing its work rather
 * than the answer of a target already removed or a limit already met. Before a route that needs a
 * step-up the session proves its password, so it is measured doing its work rather than refusing it.
 */
async function freshRequests(
  fixture: FixtureCalls,
  route: Pick<RouteDefinition, 'method' | 'path' | 'endpoint'>,
  count: number,
): Promise<Partial<ColdStartRequest>[] | undefined> {
  const { call } = fixture;
  const routeKey = `${route.method} ${route.path}`;
  if (needsStepUp(route)) {
    const confirmed = await call('/api/user/step-up', { body: { password: fixture.password } });
    if (confirmed.status !== 204)
      throw new SetUpError(`the step-up before ${routeKey} answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  }
  const made = async (create: (index: number) => Promise<Partial<ColdStartRequest>>) => {
    const requests: Partial<ColdStartRequest>[] = [];
    for (let index = 0; index < count; index += 1) requests.push(await create(index));
    return requests;
  };
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const newUser = async (label: string, index: number) => {
    const username = `cold-${label}-${stamp}-${index}@example.com`;
    const userPassword = `cold-${label}-password-${stamp}`;
    const user = await call<{ id: string }>('/api/organization/users', {
      body: { username, fullName: `Cold ${label} ${index}`, role: 'staff', password: userPassword },
    });
    if (user.status !== 201)
      throw new SetUpError(`creating a user for ${routeKey} answered ${user.status}: ${JSON.stringify(user.body)}`);
    return { id: user.body.id, username, password: userPassword };
  };
  switch (routeKey) {
    case 'DELETE /api/organization/users/{userId}':
      return made(async (index) => ({ params: { userId: (await newUser('removal', index)).id } }));
    case 'DELETE /api/projects/{id}':
      return made(async (index) => {
        const project = await call<{ id: string }>('/api/projects', { body: { name: `Cold removal ${index}` } });
        if (project.status !== 201) throw new SetUpError(`creating the project to delete answered ${project.status}`);
        return { params: { id: project.body.id } };
      });
    case 'POST /api/user/change-password':
    case 'POST /api/email-verification/resend':
      // A session of a user of its own each run: the route's limit per user is met by no run.
      return made(async (index) => {
        const user = await newUser('session', index);
        return { cookie: await signIn(fixture.base, user.username, user.password, fixture.address()) };
      });
    case 'POST /api/logout':
      // Logout ends the session it names: a new session of the admin each run.
      return made(async () => ({ cookie: await signIn(fixture.base, fixture.adminEmail, fixture.password, fixture.address()) }));
    default:
      return undefined;
  }
}

/** The environment a probe process gets: the functions' own, as the local cloud gives them (no `NODE_OPTIONS`, as in Lambda). */
export function probeEnvironment(options: {
  localAwsEnv: Record<string, string>;
  tableName: string;
  dynamoDbEndpoint: string;
  sessionSecret: string;
  mfaEncryptionSecret: string;
  webhookSecret: string;
  port: number;
}) {
  return {
    ...options.localAwsEnv,
    PATH: process.env.PATH ?? '',
    TABLE_NAME: options.tableName,
    DYNAMODB_ENDPOINT: options.dynamoDbEndpoint,
    SESSION_SECRET: options.sessionSecret,
    // Without it two-factor set-up answers 500, as it would in a stage without the secret.
    MFA_ENCRYPTION_SECRET: options.mfaEncryptionSecret,
    // Without it Stripe's webhook answers 503 before verifying anything, as in a stage not yet pointed at Stripe.
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STAGE: 'local',
    APP_ORIGINS: `http://localhost:${options.port},http://127.0.0.1:${options.port}`,
    // As in a stage: the request's log line, its metrics and Powertools' cold-start metric are written.
    LOG_LEVEL: 'info',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    // As Lambda sets it: an environment that serves one request at a time (functions/observability/request-scope.ts).
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  };
}
