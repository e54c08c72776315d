import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dueSoonThrough } from '../../../functions/projects/due-soon';
import type { ProjectResponse } from '../../../shared/schemas/projects';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { type SignedIn, login } from '../support/api';
import { eventually } from '../support/eventually';
import { everyPage } from '../support/pages';
import { LIST_ORDER, type ListedProject, listedProjects } from '../support/project-items';

/**
 * Every filtered view of GET /api/projects (issue 62, docs/decisions/104) in an organization of
 * 1,050 projects, due dates around the functions' today: a status, overdue, due soon and 'My
 * projects', alone and together, in every order, each page a key range, followed by `Link` to the
 * end, yields exactly the projects the filter names, once each, in the list's order.
 */
type Stored = ListedProject;

/** The functions' clock stands at the suite's start (test/integration/support/global-setup.ts). */
const today = () => inject('clockStart').slice(0, 10);

const ORDER = LIST_ORDER;

interface View {
  query: string;
  holds: (project: Stored, userId: string) => boolean;
}

const overdue = (project: Stored) => project.status !== 'completed' && project.dueDate !== null && project.dueDate < today();
const dueSoon = (project: Stored) =>
  project.status !== 'completed' &&
  project.dueDate !== null &&
  project.dueDate >= today() &&
  project.dueDate <= dueSoonThrough(today());

const VIEWS: View[] = [
  { query: 'status=in_progress', holds: (project) => project.status === 'in_progress' },
  { query: 'status=planning,completed', holds: (project) => ['planning', 'completed'].includes(project.status) },
  { query: 'overdue=true', holds: overdue },
  { query: 'due=soon', holds: dueSoon },
  { query: 'member=me', holds: (project, userId) => project.memberIds.includes(userId) },
  {
    query: 'member=me&status=on_hold',
    holds: (project, userId) => project.memberIds.includes(userId) && project.status === 'on_hold',
  },
  { query: 'member=me&overdue=true', holds: (project, userId) => project.memberIds.includes(userId) && overdue(project) },
  { query: 'status=planning&overdue=true', holds: (project) => project.status === 'planning' && overdue(project) },
  { query: 'status=completed&due=soon', holds: () => false },
];

describe('filtered views of GET /api/projects at 1,050 projects', () => {
  let org: Seeded;
  let staff: SignedIn;
  let stored: Stored[];

  beforeAll(async () => {
    org = await seeded('filtered-views', {
      projects: 1_050,
      staff: 3,
      membersPerProject: 2,
      notificationsPerUser: 0,
      dueAround: today(),
    });
    staff = await login(org.org.staff[0]!.email, org.org.password);
    stored = await listedProjects(org.org.orgId);
    expect(stored).toHaveLength(1_050);
    expect(stored.filter(overdue).length).toBeGreaterThan(100);
    expect(stored.filter(dueSoon).length).toBeGreaterThan(10);
  }, 240_000);

  it.each(
    VIEWS.flatMap((view) =>
      ['createdAt', 'name', 'dueDate', 'status'].flatMap((sort) =>
        ['asc', 'desc'].map((order) => [view.query, sort, order, view]),
      ),
    ) as [string, string, string, View][],
  )(
    '%s sort=%s order=%s yields exactly its projects, once each, in order',
    async (query, sort, order, view) => {
      const expected = stored
        .filter((project) => view.holds(project, staff.user.id))
        .sort(ORDER[sort]!)
        .map((project) => project.id);
      if (order === 'desc') expected.reverse();
      expect(await everyPage(staff, `/api/projects?${query}&sort=${sort}&order=${order}&limit=60`, 60)).toEqual(expected);
    },
    120_000,
  );

  it("follows a change into every member's 'My projects', in every order, from the stream", async () => {
    const project = stored.find((candidate) => candidate.memberIds.length === 2 && candidate.memberIds.includes(staff.user.id))!;
    const renamed = await staff.call<ProjectResponse>(`/api/projects/${project.id}`, {
      method: 'PATCH',
      body: { name: 'Aardvark first', status: 'on_hold', dueDate: '2025-03-13' },
    });
    expect(renamed.status).toBe(200);
    for (const memberId of project.memberIds) {
      const member = [org.org.admin, ...org.org.staff].find((person) => person.id === memberId)!;
      const them = memberId === staff.user.id ? staff : await login(member.email, org.org.password);
      const first = await eventually(
        async () => (await them.call<ProjectResponse[]>('/api/projects?member=me&sort=name&limit=1')).body,
        (body) => body[0]?.name === 'Aardvark first',
      );
      expect(first).toEqual([renamed.body]);
      const soon = await them.call<ProjectResponse[]>('/api/projects?member=me&due=soon&status=on_hold&sort=dueDate');
      expect(soon.body.map((item) => item.id)).toContain(project.id);
    }
  }, 60_000);
});
