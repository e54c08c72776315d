import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../functions/routes';
import { type Seeded, concretePath, seeded } from './budget-fixtures';
import { isScimRoute, okStatusOf, routeKey } from './read-budgets';
import { READ_CONSISTENCY } from './read-consistency';

const readRoutes = routes.filter((route) => route.method === 'GET' && !isScimRoute(route));

/**
 * Reads that need no strong consistency do not pay for it, and those that need it keep it: each
 * read route's calls, in order, with the consistency each asked for, against READ_CONSISTENCY
 * (docs/data-model.md, Read consistency). The read units DynamoDB billed follow: half for an
 * eventually consistent read.
 */
describe('each read route reads as strongly as docs/data-model.md says, and no more', () => {
  let few: Seeded;
  beforeAll(async () => {
    few = await seeded('consistency', { projects: 3, staff: 2, membersPerProject: 2, notificationsPerUser: 3, invitations: 2 });
  });

  it('has a line for every GET route of the table', () => {
    expect(readRoutes.map(routeKey).filter((key) => !READ_CONSISTENCY[key])).toEqual([]);
  });

  it.each(readRoutes.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const response = await few.admin.call(await concretePath(route, few));
    expect(response.status, JSON.stringify(response.body)).toBe(okStatusOf(route));
    expect(response.dbReads).toEqual(READ_CONSISTENCY[key]);
  });

  it('bills an eventually consistent read half the units of a strong one', async () => {
    // Small reads both ways: the member picker in creation order (a strong Query of the table, as an admin's
    // list right after an add must show it) and by name (an index, always eventual), each under 4 KB a call here.
    const inOrder = await few.admin.call('/api/organization-users');
    const byName = await few.admin.call('/api/organization-users?sort=name');
    expect(inOrder.dbReads).toEqual(['BatchGetItem:strong', 'Query:strong']);
    expect(byName.dbReads).toEqual(['BatchGetItem:strong', 'Query:eventual']);
    expect(inOrder.dbReadUnits - byName.dbReadUnits).toBe(0.5);
  });
});

describe('GET /api/avatars/{userId}/{version}', () => {
  it('reads strongly only when the eventually consistent read does not find the version', async () => {
    const fixture = await seeded('avatar-consistency', { projects: 0, staff: 0, membersPerProject: 0, notificationsPerUser: 0 });
    const route = { method: 'GET', path: '/api/avatars/{userId}/{version}' } as const;
    const current = await concretePath(route, fixture);
    const found = await fixture.admin.call(current);
    expect([found.status, found.dbReads]).toEqual([200, ['BatchGetItem:strong', 'GetItem:eventual']]);
    const unknown = await fixture.admin.call(current.replace(/[^/]+$/, '00000000-0000-4000-8000-000000000000'));
    expect([unknown.status, unknown.dbReads]).toEqual([404, ['BatchGetItem:strong', 'GetItem:eventual', 'GetItem:strong']]);
  });
});
