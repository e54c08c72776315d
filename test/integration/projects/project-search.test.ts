import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectResponse } from '../../../shared/schemas/projects';
import { type Seeded, seeded } from '../budgets/budget-fixtures';
import { everyPage } from '../support/pages';

/**
 * Search finds what a person typed, at any size (issue 62, docs/decisions/104): in an organization of
 * 5,000 projects ('Spring launch 1' … 'Onboarding emails 5000', eight names a thousand words deep),
 * the palette's request for a project's whole name answers that project first, and a short query
 * finds every project whose words it begins.
 */
const COUNT = 5_000;
/** Requests in flight at once: a few dozen people typing. */
const AT_ONCE = 16;

describe('GET /api/projects?q= in an organization of 5,000 projects', () => {
  let org: Seeded;

  beforeAll(async () => {
    org = await seeded('search', { projects: COUNT, staff: 0, membersPerProject: 0, notificationsPerUser: 0 });
  }, 600_000);

  it('finds every project by its whole name, first, as the palette asks (20 a page)', async () => {
    const projects: ProjectResponse[] = [];
    let next: string | undefined = '/api/projects?limit=200';
    while (next) {
      const page: { body: ProjectResponse[]; headers: Headers } = await org.admin.call<ProjectResponse[]>(next);
      projects.push(...page.body);
      next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1];
    }
    expect(projects).toHaveLength(COUNT);
    const missed: string[] = [];
    for (let start = 0; start < projects.length; start += AT_ONCE) {
      await Promise.all(
        projects.slice(start, start + AT_ONCE).map(async (project) => {
          const found = await org.admin.call<ProjectResponse[]>(`/api/projects?q=${encodeURIComponent(project.name)}&limit=20`);
          if (found.body[0]?.id !== project.id) missed.push(project.name);
        }),
      );
    }
    expect(missed).toEqual([]);
  }, 600_000);

  it("answers 'Brand refresh 46' first and the dozen more whose number begins with 46, and a number alone finds its project", async () => {
    const found = await org.admin.call<ProjectResponse[]>('/api/projects?q=Brand%20refresh%2046&limit=20');
    expect(found.body[0]?.name).toBe('Brand refresh 46');
    expect(found.body.map((project) => project.name).sort()).toEqual(
      ['46', '462', ...Array.from({ length: 12 }, (_, index) => String(4606 + index * 8))]
        .map((n) => `Brand refresh ${n}`)
        .sort(),
    );
    const exact = await org.admin.call<ProjectResponse[]>('/api/projects?q=Brand%20refresh%204606');
    expect(exact.body.map((project) => project.name)).toEqual(['Brand refresh 4606']);
    const number = await org.admin.call<ProjectResponse[]>('/api/projects?q=4606');
    expect(number.body.map((project) => project.name)).toEqual(['Brand refresh 4606']);
    expect((await org.admin.call<ProjectResponse[]>('/api/projects?q=Brand%20refresh%209999')).body).toEqual([]);
  });

  it('a word every eighth project holds is read on page after page: each project once, none missed', async () => {
    const ids = await everyPage(org.admin, '/api/projects?q=refresh&limit=100', 100);
    expect(ids).toHaveLength(COUNT / 8);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);
});
