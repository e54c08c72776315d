import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectResponse } from '../../../shared/schemas/projects';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { type SignedIn, login, registerOrganization } from '../support/api';
import { cursorOf, everyPage, nextLink } from '../support/pages';
import { LIST_ORDER, type ListedProject, listedProjects } from '../support/project-items';

/**
 * GET /api/projects by pages (docs/decisions/027): 1,050 projects seeded straight into the table
 * (above the 1,000 where `q` turns from a substring to word prefixes), followed by `Link`.
 */
type Stored = ListedProject;
const ORDER = LIST_ORDER;

describe('GET /api/projects pages through a large organization', () => {
  let big: Seeded;
  let stored: Stored[];

  beforeAll(async () => {
    big = await seeded('paging', { projects: 1_050, staff: 3, membersPerProject: 2, notificationsPerUser: 0 });
    stored = await listedProjects(big.org.orgId);
    expect(stored).toHaveLength(1_050);
  }, 240_000);

  it.each(
    ['createdAt', 'name', 'dueDate', 'status'].flatMap((sort) => [
      [sort, 'asc'],
      [sort, 'desc'],
    ]),
  )(
    'sort=%s order=%s yields every project once, in order',
    async (sort, order) => {
      const expected = [...stored].sort(ORDER[sort]!).map((project) => project.id);
      if (order === 'desc') expected.reverse();
      expect(await everyPage(big.admin, `/api/projects?sort=${sort}&order=${order}&limit=200`, 200)).toEqual(expected);
    },
    120_000,
  );

  it('answers 100 by default, in creation order, with a link to the next page and no total (it would not be exact: decision 062)', async () => {
    const first = await big.admin.call<ProjectResponse[]>('/api/projects');
    expect(first.body.map((project) => project.id)).toEqual(
      [...stored]
        .sort(ORDER.createdAt)
        .slice(0, 100)
        .map((project) => project.id),
    );
    expect(first.headers.get('x-total-count')).toBeNull();
    expect(nextLink(first)).toMatch(/^\/api\/projects\?cursor=/);
    expect(await everyPage(big.admin, '/api/projects', 100)).toHaveLength(1_050);
  }, 120_000);

  it('keeps the limit within 1 to 200', async () => {
    for (const limit of ['0', '201', 'ten', '1.5']) {
      const response = await big.admin.call(`/api/projects?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.limit).toMatch(/limit/);
    }
    const one = await big.admin.call<ProjectResponse[]>('/api/projects?limit=1');
    expect(one.body).toHaveLength(1);
    expect(nextLink(one)).toBeDefined();
  });

  it('refuses bad sort, order and filter values on their field', async () => {
    for (const [query, field] of [
      ['sort=size', 'sort'],
      ['order=up', 'order'],
      ['status=done', 'status'],
      ['status=planning,done', 'status'],
      ['overdue=yes', 'overdue'],
      ['due=later', 'due'],
      ['member=you', 'member'],
      ['q=', 'q'],
    ]) {
      const response = await big.admin.call(`/api/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.fieldErrors), query).toEqual([field]);
    }
  });

  it('filters by status, one or several (comma-separated or repeated), in any order, without a total while more pages follow', async () => {
    const completed = stored
      .filter((project) => project.status === 'completed')
      .sort(ORDER.status)
      .map((project) => project.id);
    expect(await everyPage(big.admin, '/api/projects?status=completed&sort=status&limit=200', 200)).toEqual(completed);
    const two = stored.filter((project) => ['planning', 'on_hold'].includes(project.status));
    expect(await everyPage(big.admin, '/api/projects?status=planning&status=on_hold&sort=name&limit=200', 200)).toEqual(
      two.sort(ORDER.name).map((project) => project.id),
    );
    expect(await everyPage(big.admin, '/api/projects?status=planning,on_hold&limit=200', 200)).toEqual(
      two.sort(ORDER.createdAt).map((project) => project.id),
    );
    expect((await big.admin.call('/api/projects?status=planning,on_hold')).headers.get('x-total-count')).toBeNull();
  }, 120_000);

  it("filters by member=me (the caller's projects), without a total", async () => {
    const staff = big.org.staff[0]!;
    const mine = stored
      .filter((project) => project.memberIds.includes(staff.id))
      .sort(ORDER.dueDate)
      .map((project) => project.id);
    expect(mine.length).toBeGreaterThan(0);
    const user = await login(staff.email, big.org.password);
    expect(await everyPage(user, '/api/projects?member=me&sort=dueDate&limit=200', 200)).toEqual(mine);
    expect((await user.call('/api/projects?member=me')).headers.get('x-total-count')).toBeNull();
  }, 120_000);

  it('above 1,000 projects, q finds every word prefix of the names, not inner substrings', async () => {
    const expected = (prefixes: string[]) =>
      stored
        .filter((project) =>
          prefixes.every((prefix) =>
            project.name
              .toLowerCase()
              .split(/[^a-z0-9]+/)
              .some((word) => word.startsWith(prefix)),
          ),
        )
        .map((project) => project.id)
        .sort();
    const spr = await everyPage(big.admin, '/api/projects?q=spr&limit=200', 200);
    expect([...spr].sort()).toEqual(expected(['spr']));
    expect(spr.length).toBeGreaterThan(100);
    expect((await everyPage(big.admin, '/api/projects?q=LAUNCH&limit=200', 200)).sort()).toEqual(expected(['launch']));
    expect((await everyPage(big.admin, '/api/projects?q=Spring%2010&limit=50', 50)).sort()).toEqual(expected(['spring', '10']));
    expect(await everyPage(big.admin, '/api/projects?q=aunc', 200)).toEqual([]);
    expect((await big.admin.call('/api/projects?q=spr')).headers.get('x-total-count')).toBeNull();
  }, 120_000);

  it('refuses a cursor of another organization, another sort, order or filter, or one tampered with', async () => {
    const link = nextLink(await big.admin.call('/api/projects?sort=name&limit=5'))!;
    expect((await big.admin.call(link)).status).toBe(200);
    const cursor = cursorOf(link);
    const other = await registerOrganization();
    const tampered = `${cursor.slice(0, -3)}${cursor.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    const payload = cursor.split('.')[1]!;
    const forged = cursor.replace(
      payload,
      Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: other.orgId })).toString(
        'base64url',
      ),
    );
    for (const [user, path] of [
      [other, `/api/projects?sort=name&limit=5&cursor=${cursor}`],
      [big.admin, `/api/projects?sort=dueDate&limit=5&cursor=${cursor}`],
      [big.admin, `/api/projects?sort=name&order=desc&limit=5&cursor=${cursor}`],
      [big.admin, `/api/projects?sort=name&status=planning&limit=5&cursor=${cursor}`],
      [big.admin, `/api/projects?sort=name&q=spr&limit=5&cursor=${cursor}`],
      [big.admin, `/api/projects?sort=name&limit=5&cursor=${tampered}`],
      [other, `/api/projects?sort=name&limit=5&cursor=${forged}`],
      [big.admin, '/api/projects?sort=name&limit=5&cursor=not-a-cursor'],
    ] as const) {
      const response = await user.call(path);
      expect(response.status, path).toBe(400);
      expect(response.body.fieldErrors.cursor).toMatch(/cursor/);
    }
    // The limit may change from page to page.
    expect((await big.admin.call(`/api/projects?sort=name&limit=7&cursor=${cursor}`)).status).toBe(200);
  });
});

describe('GET /api/projects in a small organization', () => {
  let admin: SignedIn;
  let created: ProjectResponse[];

  beforeAll(async () => {
    admin = await registerOrganization();
    created = [];
    // The functions' clock stands at 2025-03-12 (test/integration/support/global-setup.ts).
    for (const body of [
      { name: 'Spring Launch', dueDate: '2025-03-01' },
      { name: 'autumn launch', dueDate: '2025-03-11', status: 'completed' },
      { name: 'Brand refresh', dueDate: '2025-03-12' },
      { name: 'Webinar series', dueDate: null, status: 'on_hold' },
      { name: 'Referral program', dueDate: '2024-12-24', status: 'in_progress' },
    ]) {
      const response = await admin.call<ProjectResponse>('/api/projects', { method: 'POST', body });
      expect(response.status).toBe(201);
      created.push(response.body);
    }
  });

  it('answers the whole list as before: every project in creation order, no link, the total', async () => {
    // The total counts the page that is the whole list: exact right after the creates (decision 062).
    const response = await admin.call<ProjectResponse[]>('/api/projects');
    expect(response.body).toEqual(created);
    expect(response.headers.get('link')).toBeNull();
    expect(response.headers.get('x-total-count')).toBe('5');
  });

  it('orders by name, due date (none last) and status', async () => {
    const ids = async (query: string) =>
      (await admin.call<ProjectResponse[]>(`/api/projects?${query}`)).body.map((project) => project.name);
    expect(await ids('sort=name')).toEqual([
      'autumn launch',
      'Brand refresh',
      'Referral program',
      'Spring Launch',
      'Webinar series',
    ]);
    expect(await ids('sort=dueDate')).toEqual([
      'Referral program',
      'Spring Launch',
      'autumn launch',
      'Brand refresh',
      'Webinar series',
    ]);
    expect(await ids('sort=dueDate&order=desc')).toEqual([
      'Webinar series',
      'Brand refresh',
      'autumn launch',
      'Spring Launch',
      'Referral program',
    ]);
    expect(await ids('sort=status')).toEqual([
      'Brand refresh',
      'Spring Launch',
      'Referral program',
      'autumn launch',
      'Webinar series',
    ]);
  });

  it('overdue=true: due before today and not completed, in any order', async () => {
    const names = async (query: string) =>
      (await admin.call<ProjectResponse[]>(`/api/projects?${query}`)).body.map((project) => project.name);
    expect(await names('overdue=true')).toEqual(['Spring Launch', 'Referral program']);
    expect(await names('overdue=true&sort=dueDate')).toEqual(['Referral program', 'Spring Launch']);
    expect(await names('overdue=true&sort=name&order=desc')).toEqual(['Spring Launch', 'Referral program']);
    expect((await admin.call('/api/projects?overdue=true')).headers.get('x-total-count')).toBe('2');
  });

  it("due=soon: open projects due from today through the dashboard's next 7 days, in any order", async () => {
    const names = async (query: string) =>
      (await admin.call<ProjectResponse[]>(`/api/projects?${query}`)).body.map((project) => project.name);
    const inSixDays = await admin.call<ProjectResponse>('/api/projects', {
      method: 'POST',
      body: { name: 'Six days out', dueDate: '2025-03-18' },
    });
    const inEightDays = await admin.call<ProjectResponse>('/api/projects', {
      method: 'POST',
      body: { name: 'Eight days out', dueDate: '2025-03-20' },
    });
    try {
      expect(await names('due=soon')).toEqual(['Brand refresh', 'Six days out']);
      expect(await names('due=soon&sort=dueDate&order=desc')).toEqual(['Six days out', 'Brand refresh']);
      expect(await names('due=soon&sort=name')).toEqual(['Brand refresh', 'Six days out']);
      expect(await names('due=soon&overdue=true')).toEqual([]);
      expect((await admin.call('/api/projects?due=soon')).headers.get('x-total-count')).toBe('2');
    } finally {
      for (const project of [inSixDays.body, inEightDays.body])
        await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' });
    }
  });

  it('q up to 1,000 projects: any part of the name, whatever the case', async () => {
    const names = async (query: string) =>
      (await admin.call<ProjectResponse[]>(`/api/projects?${query}`)).body.map((project) => project.name);
    expect(await names('q=AUNC')).toEqual(['Spring Launch', 'autumn launch']);
    expect(await names('q=ing%20la&sort=name')).toEqual(['Spring Launch']);
    expect(await names('q=launch&status=completed')).toEqual(['autumn launch']);
    expect(await names('q=nothing')).toEqual([]);
  });

  it('member=me follows the member set as it changes, and renames move the name order', async () => {
    const project = created[2]!;
    expect(
      (await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } })).status,
    ).toBe(200);
    expect((await admin.call<ProjectResponse[]>('/api/projects?member=me')).body.map((item) => item.id)).toEqual([project.id]);
    // The PUT wrote the membership with its copy of the project: every order lists it at once.
    for (const sort of ['name', 'dueDate', 'status'])
      expect(
        (await admin.call<ProjectResponse[]>(`/api/projects?member=me&sort=${sort}`)).body.map((item) => item.id),
        sort,
      ).toEqual([project.id]);
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { name: 'Zebra refresh' } })).status).toBe(
      200,
    );
    const byName = (await admin.call<ProjectResponse[]>('/api/projects?sort=name')).body.map((item) => item.name);
    expect(byName.at(-1)).toBe('Zebra refresh');
    expect((await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: [] } })).status).toBe(
      200,
    );
    expect((await admin.call<ProjectResponse[]>('/api/projects?member=me')).body).toEqual([]);
    // A membership that ends leaves the indexes too (decision 104): no order lists it.
    for (const sort of ['name', 'dueDate', 'status'])
      expect((await admin.call<ProjectResponse[]>(`/api/projects?member=me&sort=${sort}`)).body, sort).toEqual([]);
  });
});
