import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { userCollections, userIndexKeys } from '../../../functions/user/keys';
import type { Role } from '../../../shared/roles';
import type { ManagedUserResponse } from '../../../shared/schemas/organization-users';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { type SignedIn, login, registerOrganization, uniqueEmail } from '../support/api';
import { cursorOf, everyPage, nextLink } from '../support/pages';
import { testTable } from '../support/table';

/**
 * GET /api/organization/users (admins) and GET /api/organization-users (the member pickers) by
 * pages (docs/decisions/031): 1,050 users seeded straight into the table (above the 1,000 where
 * `q` turns from a substring to word prefixes), followed by `Link`.
 */
interface Stored {
  id: string;
  fullName: string;
  username: string;
  role: Role;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The orders as the index keys define them (the seeded names and emails are ASCII). */
const ORDER: Record<string, (a: Stored, b: Stored) => number> = {
  createdAt: (a, b) => compare(a.id, b.id),
  name: (a, b) => compare(userIndexKeys(a).userNameKey, userIndexKeys(b).userNameKey),
  email: (a, b) => compare(userIndexKeys(a).userEmailKey, userIndexKeys(b).userEmailKey),
  role: (a, b) => compare(userIndexKeys(a).userRoleKey, userIndexKeys(b).userRoleKey),
};

const LISTS = ['/api/organization/users', '/api/organization-users'];

describe("the organization's user lists page through a large organization", () => {
  let big: Seeded;
  let stored: Stored[];

  beforeAll(async () => {
    big = await seeded('user-paging', { projects: 0, staff: 1_049, membersPerProject: 0, notificationsPerUser: 0 });
    const { db, tableName } = testTable();
    const { PK, prefix } = userCollections.usersOfOrganization(big.org.orgId);
    stored = [];
    const pages = paginateQuery(
      { client: db },
      {
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': PK, ':p': prefix },
      },
    );
    for await (const page of pages) stored.push(...((page.Items ?? []) as Stored[]));
    db.destroy();
    expect(stored).toHaveLength(1_050);
  }, 240_000);

  it.each(
    ['createdAt', 'name', 'email', 'role'].flatMap((sort) => [
      [sort, 'asc'],
      [sort, 'desc'],
    ]),
  )(
    'sort=%s order=%s yields every user once, in order',
    async (sort, order) => {
      const expected = [...stored].sort(ORDER[sort]!).map((user) => user.id);
      if (order === 'desc') expected.reverse();
      expect(await everyPage(big.admin, `/api/organization/users?sort=${sort}&order=${order}&limit=200`, 200)).toEqual(expected);
    },
    120_000,
  );

  it.each(LISTS)(
    '%s answers 100 by default, oldest first, with the total and a link to the next page',
    async (path) => {
      const first = await big.admin.call<ManagedUserResponse[]>(path);
      expect(first.body.map((user) => user.id)).toEqual(
        [...stored]
          .sort(ORDER.createdAt)
          .slice(0, 100)
          .map((user) => user.id),
      );
      expect(first.headers.get('x-total-count')).toBe('1050');
      expect(nextLink(first)).toMatch(new RegExp(`^${path}\\?cursor=`));
      expect(await everyPage(big.admin, path, 100)).toHaveLength(1_050);
    },
    120_000,
  );

  it("any member pages the member pickers' list; only admins the managed one", async () => {
    const staff = await login(big.org.staff[0]!.email, big.org.password);
    expect(await everyPage(staff, '/api/organization-users?sort=name&limit=200', 200)).toEqual(
      [...stored].sort(ORDER.name).map((user) => user.id),
    );
    expect((await staff.call('/api/organization/users')).status).toBe(403);
  }, 120_000);

  it('filters by role, in name order by key, with the counted total', async () => {
    const staffByName = stored
      .filter((user) => user.role === 'staff')
      .sort(ORDER.name)
      .map((user) => user.id);
    expect(await everyPage(big.admin, '/api/organization/users?role=staff&sort=name&limit=200', 200)).toEqual(staffByName);
    const admins = await big.admin.call<ManagedUserResponse[]>('/api/organization-users?role=admin');
    expect(admins.body.map((user) => user.id)).toEqual([big.org.admin.id]);
    expect(admins.headers.get('x-total-count')).toBe('1');
    expect((await big.admin.call('/api/organization-users?role=staff&sort=email')).headers.get('x-total-count')).toBe('1049');
    expect(await everyPage(big.admin, '/api/organization-users?role=admin&sort=email', 100)).toEqual([big.org.admin.id]);
  }, 120_000);

  it('keeps the limit within 1 to 200 and refuses bad values on their field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['sort=size', 'sort'],
      ['order=up', 'order'],
      ['role=owner', 'role'],
      ['q=', 'q'],
    ]) {
      for (const path of LISTS) {
        const response = await big.admin.call(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(Object.keys(response.body.fieldErrors), query).toEqual([field]);
      }
    }
  });

  it('above 1,000 people, q finds every word prefix of names and emails, and emails by their beginning', async () => {
    const words = (user: Stored) => [
      ...user.fullName.toLowerCase().split(/[^a-z0-9]+/),
      ...user.username
        .toLowerCase()
        .split('@')[0]!
        .split(/[^a-z0-9]+/),
    ];
    const expected = (prefixes: string[]) =>
      stored
        .filter((user) => prefixes.every((prefix) => words(user).some((word) => word.startsWith(prefix))))
        .map((user) => user.id)
        .sort();
    const gra = await everyPage(big.admin, '/api/organization/users?q=gra&limit=200', 200);
    expect([...gra].sort()).toEqual(expected(['gra']));
    expect(gra.length).toBeGreaterThan(50);
    expect((await everyPage(big.admin, '/api/organization-users?q=Grace%20HOP&limit=50', 50)).sort()).toEqual(
      expected(['grace', 'hop']),
    );
    expect((await everyPage(big.admin, '/api/organization-users?q=staff104', 100)).sort()).toEqual(expected(['staff104']));
    expect(await everyPage(big.admin, '/api/organization-users?q=race', 100)).toEqual([]);
    const byEmail = await everyPage(
      big.admin,
      `/api/organization-users?q=${encodeURIComponent(`staff10@${big.org.staff[0]!.email.split('@')[1]}`)}`,
      100,
    );
    expect(byEmail).toEqual(stored.filter((user) => user.username.startsWith('staff10@')).map((user) => user.id));
    expect((await big.admin.call('/api/organization-users?q=gra')).headers.get('x-total-count')).toBeNull();
  }, 120_000);

  it('refuses a cursor of another organization, the other list, another sort, filter or search, or one tampered with', async () => {
    const link = nextLink(await big.admin.call('/api/organization/users?sort=name&limit=5'))!;
    expect((await big.admin.call(link)).status).toBe(200);
    const cursor = cursorOf(link);
    const other = await registerOrganization();
    const tampered = `${cursor.slice(0, -3)}${cursor.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    for (const [user, path] of [
      [other, `/api/organization/users?sort=name&limit=5&cursor=${cursor}`],
      [big.admin, `/api/organization-users?sort=name&limit=5&cursor=${cursor}`],
      [big.admin, `/api/organization/users?sort=email&limit=5&cursor=${cursor}`],
      [big.admin, `/api/organization/users?sort=name&role=staff&limit=5&cursor=${cursor}`],
      [big.admin, `/api/organization/users?sort=name&q=gra&limit=5&cursor=${cursor}`],
      [big.admin, `/api/organization/users?sort=name&limit=5&cursor=${tampered}`],
    ] as const) {
      const response = await user.call(path);
      expect(response.status, path).toBe(400);
      expect(response.body.fieldErrors.cursor).toMatch(/cursor/);
    }
    expect((await big.admin.call(`/api/organization/users?sort=name&limit=9&cursor=${cursor}`)).status).toBe(200);
  });
});

describe('the user lists of a small organization', () => {
  let admin: SignedIn;
  let added: ManagedUserResponse[];

  beforeAll(async () => {
    admin = await registerOrganization({ fullName: 'Ada Lovelace' });
    added = [];
    for (const [fullName, role] of [
      ['grace hopper', 'staff'],
      ['Alan Turing', 'admin'],
      ['Barbara Liskov', 'staff'],
    ] as const) {
      const response = await admin.call<ManagedUserResponse>('/api/organization/users', {
        method: 'POST',
        body: { username: uniqueEmail(fullName.split(' ')[0]!.toLowerCase()), fullName, role, password: 'secret-password' },
      });
      expect(response.status).toBe(201);
      added.push(response.body);
    }
  });

  it('answers the whole list as before: every user oldest first, no link, the total', async () => {
    const response = await admin.call<ManagedUserResponse[]>('/api/organization/users');
    expect(response.body.map((user) => user.fullName)).toEqual(['Ada Lovelace', 'grace hopper', 'Alan Turing', 'Barbara Liskov']);
    expect(response.body[1]).toEqual({ ...added[0], mfaEnabled: false });
    expect(response.headers.get('link')).toBeNull();
    expect(response.headers.get('x-total-count')).toBe('4');
    const pickers = await admin.call('/api/organization-users');
    expect(pickers.body).toEqual(response.body.map(({ mfaEnabled: _mfa, ...user }) => user));
  });

  it('orders by name case-insensitively, by role then name, and searches names and emails as substrings', async () => {
    const names = async (query: string) =>
      (await admin.call<ManagedUserResponse[]>(`/api/organization/users?${query}`)).body.map((user) => user.fullName);
    expect(await names('sort=name')).toEqual(['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'grace hopper']);
    expect(await names('sort=role')).toEqual(['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'grace hopper']);
    expect(await names('sort=role&order=desc')).toEqual(['grace hopper', 'Barbara Liskov', 'Alan Turing', 'Ada Lovelace']);
    expect(await names('q=OVEL')).toEqual(['Ada Lovelace']);
    expect(await names(`q=${encodeURIComponent(added[2]!.username.slice(2, 10))}`)).toEqual(['Barbara Liskov']);
    expect(await names('role=admin&sort=name')).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it('a rename (own profile or by an admin) moves the user in name order; a removal takes them out and lowers the total', async () => {
    const names = async (query: string) =>
      (await admin.call<ManagedUserResponse[]>(`/api/organization-users?${query}`)).body.map((user) => user.fullName);
    expect((await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: 'Zoe Lovelace' } })).status).toBe(200);
    const alan = added[1]!;
    expect(
      (
        await admin.call('/api/organization/users', {
          method: 'POST',
          body: { username: alan.username, fullName: 'Aaron Turing', role: 'staff' },
        })
      ).status,
    ).toBe(200);
    expect(await names('sort=name')).toEqual(['Aaron Turing', 'Barbara Liskov', 'grace hopper', 'Zoe Lovelace']);
    expect(await names('sort=role')).toEqual(['Zoe Lovelace', 'Aaron Turing', 'Barbara Liskov', 'grace hopper']);
    expect((await admin.call(`/api/organization/users/${added[2]!.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await admin.call('/api/organization-users?sort=name');
    expect(after.body.map((user: ManagedUserResponse) => user.fullName)).toEqual([
      'Aaron Turing',
      'grace hopper',
      'Zoe Lovelace',
    ]);
    expect(after.headers.get('x-total-count')).toBe('3');
  });
});
