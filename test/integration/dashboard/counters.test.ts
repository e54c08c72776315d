import { describe, expect, it } from 'vitest';
import { countByStatus } from '../../../functions/projects/recount';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../shared/project-statuses';
import { registerOrganization } from '../support/api';

/** The dashboard's counters are kept in each change's transaction: after a storm of changes they still equal a recount. */
describe('project counters by status', () => {
  it('equal a recount of the projects after concurrent creates, status changes and deletes', async () => {
    const admin = await registerOrganization();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => admin.call('/api/projects', { method: 'POST', body: { name: `P${i}`, status: PROJECT_STATUSES[i % 4] } })),
    );
    const ids = created.map((response) => response.body.id as string);
    // Several changes race on the same projects, deletes race with status changes of the same project.
    const changes = [
      ...ids.flatMap((id, i) => [
        admin.call(`/api/projects/${id}`, { method: 'PATCH', body: { status: PROJECT_STATUSES[(i + 1) % 4] } }),
        admin.call(`/api/projects/${id}`, { method: 'PATCH', body: { status: PROJECT_STATUSES[(i + 2) % 4] } }),
      ]),
      ...ids.slice(0, 4).map((id) => admin.call(`/api/projects/${id}`, { method: 'DELETE' })),
      ...Array.from({ length: 4 }, (_, i) => admin.call('/api/projects', { method: 'POST', body: { name: `Q${i}`, status: 'on_hold' } })),
    ];
    const answers = await Promise.all(changes);
    // A change that lost to a delete is 404; one that kept losing races is 409: neither may move a counter.
    for (const answer of answers) expect([200, 201, 404, 409]).toContain(answer.status);

    const projects = (await admin.call('/api/projects')).body as { status: ProjectStatus }[];
    const recount = countByStatus(projects);
    const dashboard = await admin.call('/api/dashboard');
    expect(dashboard.body.counts).toEqual({ total: projects.length, ...recount });
    expect(projects).toHaveLength(12);
  });
});
