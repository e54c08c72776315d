import { beforeAll, describe, expect, it } from 'vitest';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { uniqueEmail } from '../support/api';
import { type Seeded, seeded } from './budget-fixtures';
import { ACCEPT_READ_UNITS, USER_FILTERED_PAGE_READ_UNITS, USER_PAGE_READ_UNITS, budgetOf } from './read-budgets';

/**
 * The organization's user lists and invitation acceptance cost the same DynamoDB calls and read
 * units for 5 users as for 5,000 (docs/decisions/031): a page of an index, the admins from the role
 * index, never every user.
 */
describe('the user lists and invitation acceptance cost the same for 5 users as for 5,000', () => {
  let few: Seeded;
  let many: Seeded;

  beforeAll(async () => {
    [few, many] = await Promise.all([
      seeded('five-users', { projects: 1, staff: 4, membersPerProject: 1, notificationsPerUser: 0 }),
      seeded('five-thousand-users', { projects: 1, staff: 4_999, membersPerProject: 1, notificationsPerUser: 0 }),
    ]);
  }, 600_000);

  it.each(
    ['/api/organization/users', '/api/organization-users'].flatMap((path) =>
      [
        '',
        '?sort=name',
        '?sort=email&order=desc',
        '?role=admin&sort=name',
        '?role=staff&sort=role',
        '?sort=createdAt&role=staff',
      ].map((query) => `${path}${query}`),
    ),
  )('%s: the same calls, within one read-unit budget', async (path) => {
    const small = await few.admin.call(path);
    const large = await many.admin.call(path);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(large.body.length).toBeGreaterThanOrEqual(small.body.length);
    if (!path.includes('role=admin')) expect(large.body.length).toBeGreaterThan(small.body.length);
    expect(large.dbCalls).toBe(small.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf({ method: 'GET', path: path.split('?')[0] as `/api/${string}` }));
    // A filter the key cannot express (a role in creation or email order) reads up to 1,200 users, never more.
    const budget =
      /role=staff&sort=role|role=admin&sort=name/.test(path) || !path.includes('role=')
        ? USER_PAGE_READ_UNITS
        : USER_FILTERED_PAGE_READ_UNITS;
    expect(small.dbReadUnits).toBeLessThanOrEqual(budget);
    expect(large.dbReadUnits, `${large.dbReadUnits} read units for a page of 5,000 users`).toBeLessThanOrEqual(budget);
  });

  it('accepting an invitation: the same calls, within one read-unit budget', async () => {
    const [smallEmail, largeEmail] = [uniqueEmail('joins-few'), uniqueEmail('joins-many')];
    await Promise.all([invite(few.admin, smallEmail), invite(many.admin, largeEmail)]);
    const [smallMail, largeMail] = await Promise.all([invitationMail(smallEmail), invitationMail(largeEmail)]);
    const small = await accept(smallMail.token);
    const large = await accept(largeMail.token);
    expect([small.status, large.status], JSON.stringify([small.body, large.body])).toEqual([201, 201]);
    expect(large.dbCalls).toBe(small.dbCalls);
    // The link's reads and the admins (one here): a few units, not the organization's users (5,000 would be hundreds).
    expect(small.dbReadUnits).toBeLessThanOrEqual(ACCEPT_READ_UNITS);
    expect(large.dbReadUnits).toBeLessThanOrEqual(ACCEPT_READ_UNITS);
  }, 60_000);
});
