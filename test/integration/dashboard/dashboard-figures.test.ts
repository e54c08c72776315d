import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, formatISO, parseISO, startOfISOWeek, subWeeks } from 'date-fns';
import { describe, expect, inject, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

/** The functions' clock runs from the global setup's start instant: this is 'today' for the API. */
const today = inject('clockStart').slice(0, 10);
const dayFrom = (days: number) => formatISO(addDays(parseISO(today), days), { representation: 'date' });

async function create(user: SignedIn, body: Record<string, unknown>) {
  const response = await user.call('/api/projects', { method: 'POST', body });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string; createdAt: string };
}

describe('GET /api/dashboard', () => {
  it("answers a new organization's empty figures on the clock's date", async () => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/dashboard');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      today,
      counts: { total: 0, planning: 0, in_progress: 0, completed: 0, on_hold: 0 },
      dueSoon: { count: 0, projects: [] },
      overdue: { count: 0, projects: [] },
      myProjects: { count: 0, projects: [] },
      recentActivity: [],
    });
    expect(response.body.createdPerWeek).toHaveLength(12);
    expect(response.body.createdPerWeek.every((week: { count: number }) => week.count === 0)).toBe(true);
  });

  it('is 401 without a session', async () => {
    const { request } = await import('../support/api');
    expect((await request('/api/dashboard')).status).toBe(401);
  });

  it('counts by status, lists overdue and due-soon projects around today, my projects and projects created per week', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Lovelace' });
    const colleague = await addMemberDirectly(admin.orgId, { fullName: 'Grace Hopper' });
    const late = await create(admin, { name: 'Late', status: 'in_progress', dueDate: dayFrom(-1) });
    const veryLate = await create(admin, { name: 'Very late', status: 'on_hold', dueDate: dayFrom(-30) });
    await create(admin, { name: 'Late but done', status: 'completed', dueDate: dayFrom(-3) });
    await create(admin, { name: 'Due today', dueDate: today });
    const inAWeek = await create(admin, { name: 'In a week', status: 'in_progress', dueDate: dayFrom(7) });
    await create(admin, { name: 'Done soon', status: 'completed', dueDate: dayFrom(2) });
    await create(admin, { name: 'Later', dueDate: dayFrom(8) });
    const undated = await create(admin, { name: 'Undated', status: 'in_progress' });
    await admin.call(`/api/projects/${late.id}/members`, {
      method: 'PUT',
      body: { memberIds: [admin.user.id, colleague.user.id] },
    });
    await admin.call(`/api/projects/${undated.id}/members`, { method: 'PUT', body: { memberIds: [admin.user.id] } });
    await admin.call(`/api/projects/${inAWeek.id}/members`, { method: 'PUT', body: { memberIds: [colleague.user.id] } });

    // The counters come from the stream consumer a moment after the changes.
    await eventually(
      () => admin.call('/api/dashboard'),
      (answer) => answer.body.counts.total === 8,
    );
    // Two projects made weeks ago: the chart reads the counters by week (Monday) of createdAt, as the consumer keeps them.
    const { db, tableName } = testTable();
    const threeWeeksAgo = subWeeks(parseISO(today), 3);
    const weekKey = (date: Date) => `created_${formatISO(startOfISOWeek(date), { representation: 'date' })}`;
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: projectKeys.projectFigures(admin.orgId),
        UpdateExpression: 'ADD #now :minusTwo, #then :two',
        ExpressionAttributeNames: { '#now': weekKey(parseISO(today)), '#then': weekKey(threeWeeksAgo) },
        ExpressionAttributeValues: { ':minusTwo': -2, ':two': 2 },
      }),
    );

    const response = await admin.call('/api/dashboard');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.counts).toEqual({ total: 8, planning: 2, in_progress: 3, completed: 2, on_hold: 1 });
    expect(body.overdue).toEqual({
      count: 2,
      projects: [
        { id: veryLate.id, name: 'Very late', status: 'on_hold', dueDate: dayFrom(-30) },
        { id: late.id, name: 'Late', status: 'in_progress', dueDate: dayFrom(-1) },
      ],
    });
    expect(body.dueSoon.count).toBe(2);
    expect(body.dueSoon.projects.map((project: { name: string }) => project.name)).toEqual(['Due today', 'In a week']);
    expect(body.myProjects.count).toBe(2);
    expect(body.myProjects.projects.map((project: { name: string }) => project.name).sort()).toEqual(['Late', 'Undated']);

    const weeks = body.createdPerWeek as { weekStart: string; count: number }[];
    const thisWeek = formatISO(startOfISOWeek(parseISO(today)), { representation: 'date' });
    expect(weeks.at(-1)).toEqual({ weekStart: thisWeek, count: 6 });
    expect(weeks.at(-4)).toEqual({ weekStart: formatISO(startOfISOWeek(threeWeeksAgo), { representation: 'date' }), count: 2 });
    expect(weeks.reduce((sum, week) => sum + week.count, 0)).toBe(8);

    // The colleague's own projects, and the same organization figures.
    const theirs = await colleague.call('/api/dashboard');
    expect(theirs.body.counts.total).toBe(8);
    expect(theirs.body.myProjects.projects.map((project: { name: string }) => project.name).sort()).toEqual([
      'In a week',
      'Late',
    ]);
  });

  it('shows at most 5 projects per list with the full count', async () => {
    const admin = await registerOrganization();
    await Promise.all(Array.from({ length: 7 }, (_, i) => create(admin, { name: `Overdue ${i}`, dueDate: dayFrom(-1 - i) })));
    const response = await eventually(
      () => admin.call('/api/dashboard'),
      (answer) => answer.body.counts.total === 7,
    );
    expect(response.body.overdue.count).toBe(7);
    expect(response.body.overdue.projects).toHaveLength(5);
    expect(response.body.overdue.projects[0].name).toBe('Overdue 6');
  });

  it('never shows another organization', async () => {
    const ours = await registerOrganization();
    const theirs = await registerOrganization();
    await create(theirs, { name: 'Their secret', dueDate: dayFrom(-2) });
    const response = await ours.call('/api/dashboard');
    expect(response.body.counts.total).toBe(0);
    expect(response.body.overdue.count).toBe(0);
    expect(response.body.recentActivity).toEqual([]);
    expect(JSON.stringify(response.body)).not.toContain('Their secret');
  });
});
