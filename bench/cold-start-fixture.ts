import type { SeededOrganization } from '../infra/local/seed';
import * as billingEndpoints from '../shared/contract/billing';
import { callApi, signIn } from './api-client';
import { type ColdStartFixture, TINY_PNG } from './cold-start';
import { subscriptionUpdates } from './stripe-deliveries';

/** Audit entries the cold-start organization holds when the audit routes are measured: one listing page. */
const AUDIT_ENTRIES = 50;

const WEBHOOK_ROUTE = `${billingEndpoints.webhook.method} ${billingEndpoints.webhook.path}`;

/**
 * What the cold-start probes' requests need from a seeded organization: two sessions, a notification,
 * an avatar; and the stage's webhook signing secret, which the local cloud and the probes were given.
 */
export async function coldStartFixture(base: string, host: string, cold: SeededOrganization, password: string, webhookSecret: string): Promise<ColdStartFixture> {
  const coldCookie = await signIn(base, cold.admin.email, password);
  // Logout ends the session it names: it gets a session of its own.
  const logoutCookie = await signIn(base, cold.admin.email, password);
  // The audit routes read the organization's log, which every audited request of the bench lengthens:
  // they are measured first (bench/cold-start.ts), against these 50 renames and the 2 sign-ins above.
  for (let index = 0; index < AUDIT_ENTRIES; index += 1) {
    const renamed = await callApi(base, `/api/organization/${cold.orgId}`, { method: 'PATCH', cookie: coldCookie, body: { name: `Cold Start Org ${index % 2 === 0 ? 'A' : 'B'}` } });
    if (renamed.status !== 200) throw new Error(`renaming the organization answered ${renamed.status}`);
  }
  const notifications = await callApi(base, '/api/notifications', { cookie: coldCookie });
  const avatar = await callApi<{ avatarUrl: string }>(base, '/api/user/avatar', { cookie: coldCookie, body: { avatarUrl: TINY_PNG } });
  const [, , avatarUserId, avatarVersion] = new URL(avatar.body.avatarUrl, base).pathname.split('/').slice(1);
  return {
    host,
    cookie: coldCookie,
    logoutCookie,
    orgId: cold.orgId,
    adminEmail: cold.admin.email,
    password,
    projectIds: cold.projectIds,
    staffIds: cold.staff.map((user) => user.id),
    staffEmails: cold.staff.map((user) => user.email),
    notificationId: notifications.body[0].id,
    avatar: { userId: avatarUserId ?? '', version: avatarVersion ?? '' },
    freshTargets: (routeKey, count) => freshTargets(base, coldCookie, password, routeKey, count),
    // Made right before the webhook is measured: the linked customer changes no route measured before it.
    freshDeliveries: async (routeKey, count) => (routeKey === WEBHOOK_ROUTE ? subscriptionUpdates(base, webhookSecret, cold.orgId, count) : undefined),
  };
}

/**
 * A removal succeeds once per target: remove-user and delete-project get a new staff user or project
 * for each run, made through the API before the timed runs, so every run measures the removal itself
 * and not the not-found answer of an already removed one. Two-factor setup, enable and new recovery
 * codes get the session stepped up first, so they are measured doing their work rather than refusing it.
 */
async function freshTargets(base: string, cookie: string, password: string, routeKey: string, count: number): Promise<Record<string, string>[] | undefined> {
  const made = async (create: (index: number) => Promise<Record<string, string>>) => {
    const targets: Record<string, string>[] = [];
    for (let index = 0; index < count; index += 1) targets.push(await create(index));
    return targets;
  };
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  switch (routeKey) {
    case 'DELETE /api/organization/users/{userId}':
      return made(async (index) => {
        const username = `cold-removal-${stamp}-${index}@example.com`;
        const user = await callApi<{ id: string }>(base, '/api/organization/users', { cookie, body: { username, fullName: `Cold Removal ${index}`, role: 'staff', password: `cold-removal-password-${stamp}` } });
        if (user.status !== 201) throw new Error(`creating the user to remove answered ${user.status}`);
        return { userId: user.body.id };
      });
    case 'DELETE /api/projects/{id}':
      return made(async (index) => {
        const project = await callApi<{ id: string }>(base, '/api/projects', { cookie, body: { name: `Cold removal ${index}` } });
        if (project.status !== 201) throw new Error(`creating the project to delete answered ${project.status}`);
        return { id: project.body.id };
      });
    case 'POST /api/user/mfa/setup':
    case 'POST /api/user/mfa/enable':
    case 'POST /api/user/mfa/recovery-codes': {
      // Security changes need a recent step-up (docs/decisions/038): measured doing their work, not refusing.
      const confirmed = await callApi(base, '/api/user/step-up', { cookie, body: { password } });
      if (confirmed.status !== 204) throw new Error(`the step-up answered ${confirmed.status}`);
      return undefined;
    }
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
