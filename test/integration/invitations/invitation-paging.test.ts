import { beforeAll, describe, expect, it } from 'vitest';
import type { InvitationResponse } from '../../../shared/schemas/organization-invitations';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { INVITATION_PAGE_READ_UNITS, budgetOf } from '../budgets/read-budgets';
import { registerOrganization } from '../support/api';
import { cursorOf, everyPage, nextLink } from '../support/pages';
import { invite } from './invitation-support';

/**
 * GET /api/organization/invitations pages as the other lists do (docs/decisions/062): newest first,
 * `Link: rel="next"` while there is more, a cursor bound to the organization and the list.
 */
const LIST = '/api/organization/invitations';

describe('the invitations list, page by page', () => {
  let big: Seeded;

  beforeAll(async () => {
    big = await seeded('invitation-pages', {
      projects: 0,
      staff: 0,
      membersPerProject: 0,
      notificationsPerUser: 0,
      invitations: 250,
    });
  }, 120_000);

  it('answers 100 by default, newest first, and following Link yields every invitation once, in order', async () => {
    const first = await big.admin.call<InvitationResponse[]>(LIST);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(nextLink(first)).toMatch(new RegExp(`^${LIST}\\?cursor=`));
    // More than one page: no count, since it could not be exact without reading them all.
    expect(first.headers.get('x-total-count')).toBeNull();
    const ids = await everyPage(big.admin, `${LIST}?limit=200`, 200);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(ids.slice(0, 100)).toEqual(first.body.map((invitation) => invitation.id));
  }, 60_000);

  it('refuses a cursor of another organization or another list, and a limit out of range, on their fields', async () => {
    const cursor = cursorOf(nextLink(await big.admin.call(`${LIST}?limit=5`))!);
    const other = await registerOrganization();
    for (const [user, path] of [
      [other, `${LIST}?cursor=${cursor}`],
      [big.admin, `/api/organization/users?cursor=${cursor}`],
    ] as const) {
      const response = await user.call(path);
      expect(response.status, path).toBe(400);
      expect(Object.keys(response.body.fieldErrors)).toEqual(['cursor']);
    }
    for (const limit of ['0', '201', 'all']) {
      const response = await big.admin.call(`${LIST}?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fieldErrors)).toEqual(['limit']);
    }
  });

  it('a list of one page is counted, shows an invitation the moment it is sent, and costs what a page of 250 costs in calls', async () => {
    const admin = await registerOrganization();
    await invite(admin, `first-${Date.now()}@example.com`);
    const newest = await invite(admin, `second-${Date.now()}@example.com`);
    const response = await admin.call<InvitationResponse[]>(LIST);
    const large = await big.admin.call<InvitationResponse[]>(LIST);
    expect(large.dbCalls).toBe(response.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf({ method: 'GET', path: LIST }));
    expect(response.dbReadUnits).toBeLessThanOrEqual(INVITATION_PAGE_READ_UNITS);
    expect(large.dbReadUnits, `${large.dbReadUnits} read units for a page of 250 invitations`).toBeLessThanOrEqual(
      INVITATION_PAGE_READ_UNITS,
    );
    expect(response.body[0]!.id).toBe(newest.id);
    expect(response.body).toHaveLength(2);
    expect(response.headers.get('x-total-count')).toBe('2');
    expect(response.headers.get('link')).toBeNull();
  });
});
