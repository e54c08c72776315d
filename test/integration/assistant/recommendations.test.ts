import { addDays, formatISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';
import { functionsNow } from '../support/functions-clock';

const day = (offset: number) => formatISO(addDays(new Date(functionsNow()), offset), { representation: 'date' });

describe('GET /api/dashboard/recommendations', () => {
  it('names the overdue, the Planning ones due soon and those without members, most urgent first, in sentences', async () => {
    const admin = await registerOrganization();
    const create = async (name: string, status: string, dueDate: string | null) =>
      (await admin.call('/api/projects', { body: { name, status, dueDate } })).body as { id: string };
    const late = await create('Late launch', 'in_progress', day(-2));
    const later = await create('Very late', 'on_hold', day(-5));
    const soon = await create('Soon planned', 'planning', day(3));
    await create('Done long ago', 'completed', day(-9));
    const staffed = await create('Staffed and fine', 'planning', day(30));
    await admin.call(`/api/projects/${staffed.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } });

    const answer = await admin.call('/api/dashboard/recommendations');
    expect(answer.status).toBe(200);
    expect(answer.body.recommendations).toEqual([
      { projectId: later.id, projectName: 'Very late', kind: 'overdue', reason: 'Due 5 days ago and still On Hold' },
      { projectId: late.id, projectName: 'Late launch', kind: 'overdue', reason: 'Due 2 days ago and still In Progress' },
      { projectId: soon.id, projectName: 'Soon planned', kind: 'planning_due_soon', reason: 'Due in 3 days and still Planning' },
    ]);
  });

  it("shows nothing of another organization's projects", async () => {
    const ours = await registerOrganization();
    const theirs = await registerOrganization();
    await theirs.call('/api/projects', { body: { name: 'Their late one', status: 'planning', dueDate: day(-1) } });
    expect((await ours.call('/api/dashboard/recommendations')).body).toEqual({ recommendations: [] });
  });
});
