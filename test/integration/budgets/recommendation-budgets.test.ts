import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Seeded, seeded } from './budget-fixtures';
import { READ_UNIT_BUDGETS, budgetOf } from './read-budgets';

const ROUTE = { method: 'GET', path: '/api/dashboard/recommendations' } as const;

/**
 * The recommendations read the same whatever the organization's size (docs/decisions/116): bounded
 * Queries of the due-date and status indexes and of the feed, the member sets of what they found,
 * the names of the busiest people. Both organizations have projects due around the API's today,
 * with members, so every read of the route is made in both.
 */
describe('GET /api/dashboard/recommendations costs the same for 10 projects as for 1,000', () => {
  let few: Seeded;
  let many: Seeded;
  const organizationOf = (projects: number) => ({
    projects,
    staff: 1,
    membersPerProject: 1,
    notificationsPerUser: 0,
    dueAround: inject('clockStart').slice(0, 10),
  });

  beforeAll(async () => {
    [few, many] = await Promise.all([
      seeded('ten-projects', organizationOf(10)),
      seeded('a-thousand-projects', organizationOf(1_000)),
    ]);
  }, 600_000);

  it('makes the same calls, within its call and read-unit budgets, and names more at the larger', async () => {
    const small = await few.admin.call(ROUTE.path);
    const large = await many.admin.call(ROUTE.path);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(large.body.recommendations.length).toBeGreaterThan(small.body.recommendations.length);
    expect(large.body.recommendations).toHaveLength(10);
    expect(large.dbCalls, `${small.dbCalls} calls for 10 projects, ${large.dbCalls} for 1,000`).toBe(small.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf(ROUTE));
    expect(small.dbReadUnits).toBeLessThanOrEqual(READ_UNIT_BUDGETS[`${ROUTE.method} ${ROUTE.path}`]!);
    expect(
      large.dbReadUnits,
      `${large.dbReadUnits} read units for 1,000 projects (${small.dbReadUnits} for 10)`,
    ).toBeLessThanOrEqual(READ_UNIT_BUDGETS[`${ROUTE.method} ${ROUTE.path}`]!);
  });

  it('puts the most overdue first at the larger, each with its reason as a sentence', async () => {
    const { body } = await many.admin.call(ROUTE.path);
    const late = body.recommendations.map((item: { kind: string; reason: string }) => {
      expect(item.kind).toBe('overdue');
      return Number(/^Due (\d+) days? ago and still (Planning|In Progress|On Hold)$/.exec(item.reason)?.[1]);
    });
    expect(late).toEqual([...late].sort((a: number, b: number) => b - a));
  });
});
