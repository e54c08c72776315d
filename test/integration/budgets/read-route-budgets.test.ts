import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../functions/routes';
import { type Seeded, concretePath, seeded } from './budget-fixtures';
import { budgetOf, isScimRoute, okStatusOf, PROJECT_PAGE_READ_UNITS, routeKey } from './read-budgets';

/**
 * Round-trip budgets of spec'd hot paths: every open tab polls the unread count each 30 s, and
 * DynamoDB latency, not CPU, is what a request mostly waits for. The route table is iterated, so a
 * new read route is budgeted the moment it is added.
 */
const readRoutes = routes.filter((route) => route.method === 'GET' && !isScimRoute(route));

/** Lists that do not grow with the organization's size: the caller's own sessions and passkeys, the organization's few domains (at most 20). */
const NOT_ORGANIZATION_SIZED = new Set(['GET /api/user/sessions', 'GET /api/user/passkeys', 'GET /api/organization/sso/domains', 'GET /api/organization/scim-tokens']);

/** How many items an answer holds: a list's length, a detail's members, the dashboard's project total. */
function itemsIn(body: unknown): number | undefined {
  if (Array.isArray(body)) return body.length;
  const fields = body as { members?: unknown[]; counts?: { total: number } } | undefined;
  if (Array.isArray(fields?.members)) return fields.members.length;
  return fields?.counts?.total;
}

describe('read routes stay within their DynamoDB round-trip budget', () => {
  let few: Seeded;
  let many: Seeded;

  beforeAll(async () => {
    [few, many] = await Promise.all([
      seeded('few', { projects: 5, staff: 4, membersPerProject: 5, notificationsPerUser: 5, invitations: 5 }),
      seeded('many', { projects: 60, staff: 59, membersPerProject: 30, notificationsPerUser: 60, notifiedUsers: 1, invitations: 60 }),
    ]);
  });

  it('covers the routes whose budgets are written down', () => {
    const keys = readRoutes.map(routeKey);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/user', 'GET /api/notifications/unread/count']));
  });

  it.each(readRoutes.map((route) => [routeKey(route), route] as const))('%s stays within its budget', async (_, route) => {
    const response = await few.admin.call(await concretePath(route, few));
    expect(response.status, JSON.stringify(response.body)).toBe(okStatusOf(route));
    expect(response.dbCalls, `${routeKey(route)} made ${response.dbCalls} DynamoDB calls; budget ${budgetOf(route)}`).toBeLessThanOrEqual(budgetOf(route));
  });

  it.each(readRoutes.map((route) => [routeKey(route), route] as const))('%s makes no more calls for 60 items than for 5', async (_, route) => {
    const small = await few.admin.call(await concretePath(route, few));
    const large = await many.admin.call(await concretePath(route, many));
    expect([small.status, large.status]).toEqual([okStatusOf(route), okStatusOf(route)]);
    const [smallItems, largeItems] = [itemsIn(small.body), itemsIn(large.body)];
    if (smallItems !== undefined && !NOT_ORGANIZATION_SIZED.has(routeKey(route))) expect(largeItems, 'the larger organization answers more items').toBeGreaterThan(smallItems);
    expect(large.dbCalls, `${routeKey(route)}: ${small.dbCalls} calls for the small organization, ${large.dbCalls} for the large one`).toBe(small.dbCalls);
  });

  it('GET /api/notifications/unread/count is one call, the session check itself', async () => {
    const response = await many.admin.call('/api/notifications/unread/count');
    expect(response.body).toEqual({ count: 60 });
    expect(response.dbCalls).toBe(1);
  });
});

describe('GET /api/projects/{id} costs the same for 1 member as for 30', () => {
  it('makes at most 3 calls with 1 member and with 30', async () => {
    const [one, thirty] = await Promise.all([
      seeded('one-member', { projects: 1, staff: 1, membersPerProject: 1, notificationsPerUser: 0 }),
      seeded('thirty-members', { projects: 1, staff: 29, membersPerProject: 30, notificationsPerUser: 0 }),
    ]);
    const small = await one.admin.call(`/api/projects/${one.org.projectIds[0]}`);
    const large = await thirty.admin.call(`/api/projects/${thirty.org.projectIds[0]}`);
    expect(small.body.members).toHaveLength(1);
    expect(large.body.members).toHaveLength(30);
    expect(small.dbCalls).toBeLessThanOrEqual(3);
    expect(large.dbCalls).toBeLessThanOrEqual(3);
    expect(large.dbCalls).toBe(small.dbCalls);
  });
});

describe('GET /api/projects costs the same for 5 projects as for 5,000', () => {
  let few: Seeded;
  let many: Seeded;

  beforeAll(async () => {
    [few, many] = await Promise.all([
      seeded('five-projects', { projects: 5, staff: 1, membersPerProject: 1, notificationsPerUser: 0 }),
      seeded('five-thousand-projects', { projects: 5_000, staff: 1, membersPerProject: 1, notificationsPerUser: 0 }),
    ]);
  }, 600_000);

  it.each(['', '?sort=name', '?sort=dueDate&order=desc', '?status=completed&sort=status'])('%s: the same calls, within one read-unit budget', async (query) => {
    const small = await few.admin.call(`/api/projects${query}`);
    const large = await many.admin.call(`/api/projects${query}`);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(large.body.length).toBeGreaterThan(small.body.length);
    expect(large.dbCalls).toBe(small.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf({ method: 'GET', path: '/api/projects' }));
    expect(small.dbReadUnits).toBeLessThanOrEqual(PROJECT_PAGE_READ_UNITS);
    expect(large.dbReadUnits, `${large.dbReadUnits} read units for a page of 5,000 projects`).toBeLessThanOrEqual(PROJECT_PAGE_READ_UNITS);
  });
});
