import type { RouteDefinition } from '../../../functions/routes';
import { type SeedOptions, type SeededOrganization, seedOrganization } from '../../../infra/local/seed';
import { type SignedIn, login } from '../support/api';
import { testTable } from '../support/table';
import { stepUp } from '../support/two-factor';
import { routeKey } from './read-budgets';

export interface Seeded {
  org: SeededOrganization;
  admin: SignedIn;
}

/** An organization written straight into the table (infra/local/seed.ts), its admin signed in. */
export async function seeded(label: string, options: Omit<SeedOptions, 'label' | 'password'>): Promise<Seeded> {
  const { db, tableName } = testTable();
  const org = await seedOrganization(db, tableName, {
    ...options,
    label: `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    password: 'budget-password',
  });
  db.destroy();
  return { org, admin: await login(org.admin.email, org.password) };
}

/** A 1×1 transparent PNG, for routes that serve an uploaded avatar. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * A concrete path for a route of the table, in the given organization. A new route with a path
 * parameter no rule here knows fails the budget tests loudly, so nobody forgets to budget it.
 */
export async function concretePath(route: Pick<RouteDefinition, 'method' | 'path'>, fixture: Seeded): Promise<string> {
  if (!route.path.includes('{')) return route.path;
  if (route.path.startsWith('/api/projects/{id}')) return route.path.replace('{id}', fixture.org.projectIds[0]!);
  if (route.path.startsWith('/api/avatars/')) {
    const uploaded = await fixture.admin.call<{ avatarUrl: string }>('/api/user/avatar', {
      method: 'POST',
      body: { avatarUrl: TINY_PNG },
    });
    if (uploaded.status !== 200 && uploaded.status !== 201) throw new Error(`avatar upload failed: ${uploaded.status}`);
    return new URL(uploaded.body.avatarUrl, 'http://localhost').pathname;
  }
  if (route.path.startsWith('/api/automations/{id}')) {
    const rule = await fixture.admin.call<{ id: string }>('/api/automations', {
      method: 'POST',
      body: {
        name: 'Budgeted',
        projectId: fixture.org.projectIds[0]!,
        trigger: { type: 'project.created' },
        actions: [{ type: 'comment', text: 'Hello' }],
      },
    });
    if (rule.status !== 201) throw new Error(`automation failed: ${rule.status}`);
    return route.path.replace('{id}', rule.body.id);
  }
  if (route.path.startsWith('/api/organization/webhooks/{id}')) {
    // An endpoint no delivery reaches (the discard port of loopback, which the local stage allows): a security change, so stepped up.
    await stepUp(fixture.admin);
    const webhook = await fixture.admin.call<{ id: string }>('/api/organization/webhooks', {
      method: 'POST',
      body: { url: 'http://127.0.0.1:9/budgeted', events: ['comment.created'] },
    });
    if (webhook.status !== 201) throw new Error(`webhook failed: ${webhook.status}`);
    return route.path.replace('{id}', webhook.body.id);
  }
  if (route.path.includes('{userId}')) return route.path.replace('{userId}', fixture.org.staff[0]!.id);
  if (route.path.startsWith('/api/organization/{id}')) return route.path.replace('{id}', fixture.org.orgId);
  throw new Error(
    `No budget fixture for ${routeKey(route)}: add a rule to concretePath in test/integration/budgets/budget-fixtures.ts`,
  );
}
