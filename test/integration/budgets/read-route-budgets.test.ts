import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../../functions/routes';
import { type Seeded, concretePath, seeded } from './budget-fixtures';
import {
  FILTERED_PROJECT_PAGE_READ_UNITS,
  PROJECT_PAGE_READ_UNITS,
  READ_UNIT_BUDGETS,
  budgetOf,
  isScimRoute,
  okStatusOf,
  routeKey,
} from './read-budgets';

/**
 * Round-trip budgets of spec'd hot paths: every open tab polls the unread count each 30 s, and
 * DynamoDB latency, not CPU, is what a request mostly waits for. The route table is iterated, so a
 * new read route is budgeted the moment it is added.
 */
const readRoutes = routes.filter((route) => route.method === 'GET' && !isScimRoute(route));

/** Lists that do not grow with the organization's size: the caller's own sessions and passkeys, the organization's few domains (at most 20). */
const NOT_ORGANIZATION_SIZED = new Set([
  'GET /api/user/sessions',
  'GET /api/user/passkeys',
  'GET /api/organization/sso/domains',
  'GET /api/organization/scim-tokens',
  'GET /api/organization/webhooks',
  'GET /api/organization/api-keys',
]);

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
      seeded('many', {
        projects: 60,
        staff: 59,
        membersPerProject: 30,
        notificationsPerUser: 60,
        notifiedUsers: 1,
        invitations: 60,
      }),
    ]);
  });

  it('covers the routes whose budgets are written down', () => {
    const keys = readRoutes.map(routeKey);
    expect(keys).toEqual(expect.arrayContaining(['GET /api/user', 'GET /api/notifications/unread/count']));
  });

  it.each(readRoutes.map((route) => [routeKey(route), route] as const))('%s stays within its budget', async (_, route) => {
    const response = await few.admin.call(await concretePath(route, few));
    expect(response.status, JSON.stringify(response.body)).toBe(okStatusOf(route));
    expect(
      response.dbCalls,
      `${routeKey(route)} made ${response.dbCalls} DynamoDB calls; budget ${budgetOf(route)}`,
    ).toBeLessThanOrEqual(budgetOf(route));
  });

  it.each(readRoutes.map((route) => [routeKey(route), route] as const))(
    '%s makes no more calls for 60 items than for 5',
    async (_, route) => {
      const small = await few.admin.call(await concretePath(route, few));
      const large = await many.admin.call(await concretePath(route, many));
      expect([small.status, large.status]).toEqual([okStatusOf(route), okStatusOf(route)]);
      const [smallItems, largeItems] = [itemsIn(small.body), itemsIn(large.body)];
      if (smallItems !== undefined && !NOT_ORGANIZATION_SIZED.has(routeKey(route)))
        expect(largeItems, 'the larger organization answers more items').toBeGreaterThan(smallItems);
      expect(
        large.dbCalls,
        `${routeKey(route)}: ${small.dbCalls} calls for the small organization, ${large.dbCalls} for the large one`,
      ).toBe(small.dbCalls);
    },
  );

  it('GET /api/notifications/unread/count is two calls, the session check and one Query of the person’s own notifications', async () => {
    const response = await many.admin.call('/api/notifications/unread/count');
    expect(response.body).toEqual({ count: 60 });
    expect(response.dbCalls).toBe(2);
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

describe('the lists and the dashboard cost the same for 5 items as for 5,000', () => {
  let few: Seeded;
  let many: Seeded;
  const organizationOf = (items: number) => ({
    projects: items,
    staff: 1,
    membersPerProject: 1,
    notificationsPerUser: items,
    notifiedUsers: 1,
    commentsOnFirstProject: items,
    // Due dates around the API's today: overdue and due-soon projects to count.
    dueAround: inject('clockStart').slice(0, 10),
  });

  beforeAll(async () => {
    [few, many] = await Promise.all([
      seeded('five-items', organizationOf(5)),
      seeded('five-thousand-items', organizationOf(5_000)),
    ]);
  }, 600_000);

  // Unfiltered pages, and filtered views (docs/decisions/104): a key range of an index, in the
  // organization's partition or the person's, whatever the organization's size; overdue in name
  // order is the one filter tested on what a bounded read finds.
  const UNFILTERED = ['', '?sort=name', '?sort=dueDate&order=desc'];
  const FILTERED = [
    '?status=completed&sort=status',
    '?member=me',
    '?member=me&sort=name',
    '?member=me&sort=dueDate&order=desc',
    '?member=me&sort=status&status=planning',
    '?member=me&status=completed&sort=dueDate',
    '?status=planning',
    '?status=in_progress&sort=dueDate',
    '?status=on_hold&sort=name&order=desc',
    '?overdue=true&sort=dueDate',
    '?due=soon&sort=dueDate',
    '?status=in_progress&overdue=true&sort=dueDate',
    '?overdue=true&sort=name',
  ];
  it.each([
    ...UNFILTERED.map((query) => [query, PROJECT_PAGE_READ_UNITS] as const),
    ...FILTERED.map((query) => [query, FILTERED_PROJECT_PAGE_READ_UNITS] as const),
  ])('GET /api/projects%s: the same calls at 5 and 5,000 projects, within %i read units', async (query, units) => {
    const small = await few.admin.call(`/api/projects${query}`);
    const large = await many.admin.call(`/api/projects${query}`);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(large.body.length).toBeGreaterThan(small.body.length);
    expect(large.dbCalls).toBe(small.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf({ method: 'GET', path: '/api/projects' }));
    expect(small.dbReadUnits).toBeLessThanOrEqual(units);
    expect(
      large.dbReadUnits,
      `${large.dbReadUnits} read units at 5,000 projects (${small.dbReadUnits} at 5)`,
    ).toBeLessThanOrEqual(units);
  });

  /** The route's path in an organization, and how many items its answer shows. */
  const CASES: [string, (fixture: Seeded) => string, (body: any) => number][] = [
    ['GET /api/notifications', () => '/api/notifications', (body) => body.length],
    [
      'GET /api/projects/{id}/activity',
      (fixture) => `/api/projects/${fixture.org.projectIds[0]}/activity`,
      (body) => body.entries.length,
    ],
    [
      'GET /api/projects/{id}/comments',
      (fixture) => `/api/projects/${fixture.org.projectIds[0]}/comments`,
      (body) => body.comments.length,
    ],
    ['GET /api/dashboard', () => '/api/dashboard', (body) => body.overdue.count + body.dueSoon.count + body.myProjects.count],
  ];

  it.each(CASES)('%s: the same calls, within one read-unit budget', async (route, path, shown) => {
    const small = await few.admin.call(path(few));
    const large = await many.admin.call(path(many));
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(shown(large.body), 'the larger organization answers more').toBeGreaterThan(shown(small.body));
    expect(large.dbCalls, `${small.dbCalls} calls for 5 items, ${large.dbCalls} for 5,000`).toBe(small.dbCalls);
    expect(small.dbReadUnits).toBeLessThanOrEqual(READ_UNIT_BUDGETS[route]!);
    expect(large.dbReadUnits, `${large.dbReadUnits} read units for 5,000 items (${small.dbReadUnits} for 5)`).toBeLessThanOrEqual(
      READ_UNIT_BUDGETS[route]!,
    );
  });

  it('the dashboard counts up to 50 and says there are more, showing the newest or most overdue five', async () => {
    const { body } = await many.admin.call('/api/dashboard');
    expect(body.counts.total).toBe(5_000);
    for (const list of [body.overdue, body.dueSoon, body.myProjects]) {
      expect(list).toMatchObject({ count: 50, more: true });
      expect(list.projects).toHaveLength(5);
    }
    const overdueDates = body.overdue.projects.map((project: { dueDate: string }) => project.dueDate);
    expect(overdueDates).toEqual([...overdueDates].sort());
    // The admin is a member of every other project (the seed deals members round the two users); ids sort as they were made.
    const newestOfTheAdmin = many.org.projectIds
      .filter((_, index) => index % 2 === 0)
      .sort()
      .reverse()
      .slice(0, 5);
    expect(body.myProjects.projects.map((project: { id: string }) => project.id)).toEqual(newestOfTheAdmin);
  });
});
