import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { mailsTo, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { runScheduledAt, useRunTable } from '../support/scheduled-run';

/**
 * The daily due-date reminders: the scheduled function's handler, invoked here in the test process
 * against the run's DynamoDB Local with the functions' clock set to the instant of the run. Each test
 * takes a day of its own far ahead (2091–2099), so no other test's project is due then.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let reminders: typeof import('../../../functions/handlers/projects/remind-due-projects').handler;

beforeAll(async () => {
  useRunTable();
  ({ handler: reminders } = await import('../../../functions/handlers/projects/remind-due-projects'));
});

const dailyRunAt = (at: number) => runScheduledAt<{ reminded: number; alreadyReminded: number }>(reminders, at);

/** Noon UTC of a day no other test uses, and that day as 'YYYY-MM-DD'. */
function aDayOfItsOwn() {
  const noon = Date.UTC(2091 + randomInt(9), 0, 1, 12) + randomInt(360) * DAY_MS;
  return { noon, day: new Date(noon).toISOString().slice(0, 10) };
}

type Listed = { title: string; content: string; linkUrl: string | null };
const notificationsOf = async (user: SignedIn) => (await user.call<Listed[]>('/api/notifications')).body;
const remindersOf = async (user: SignedIn, projectId: string) =>
  (await notificationsOf(user)).filter((n) => n.linkUrl === `/projects/${projectId}` && /due tomorrow|overdue/.test(n.title));

async function projectWithMembers(admin: SignedIn, name: string, dueDate: string, members: SignedIn[]) {
  const created = await admin.call('/api/projects', { method: 'POST', body: { name, dueDate } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  expect(
    (await admin.call(`/api/projects/${id}/members`, { method: 'PUT', body: { memberIds: members.map((m) => m.user.id) } }))
      .status,
  ).toBe(200);
  return id;
}

describe('due-date reminders', () => {
  it('reminds every member of a project due tomorrow, in the app and by mail, once that day however often it runs', async () => {
    const { noon, day } = aDayOfItsOwn();
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await projectWithMembers(ada, 'Spring Launch', day, [ada, grace]);

    // Two days ahead: not yet.
    await dailyRunAt(noon - 2 * DAY_MS);
    const first = await dailyRunAt(noon - DAY_MS);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    for (const member of [ada, grace]) {
      const got = await eventually(
        () => remindersOf(member, projectId),
        (list) => list.length >= 1,
      );
      expect(got).toEqual([
        {
          title: 'Project due tomorrow',
          content: `The project "Spring Launch" is due tomorrow (${day}).`,
          linkUrl: `/projects/${projectId}`,
          id: expect.any(String),
          isRead: false,
          createdAt: expect.any(String),
        },
      ]);
    }
    const mail = await waitForMail(grace.email, 'Spring Launch is due tomorrow');
    expect(mail.text).toContain(`/projects/${projectId}`);

    // Later the same day, and a retry: nobody is told twice.
    const again = await dailyRunAt(noon - DAY_MS + 3 * 60 * 60 * 1000);
    expect(again.alreadyReminded).toBeGreaterThanOrEqual(1);
    await waitForMail(ada.email, 'Spring Launch is due tomorrow');
    expect(await remindersOf(grace, projectId)).toHaveLength(1);
    expect((await mailsTo(grace.email)).filter((m) => m.subject.includes('Spring Launch is due tomorrow'))).toHaveLength(1);
  });

  it('tells the members the day a project becomes overdue, and never about a completed project', async () => {
    const { noon, day } = aDayOfItsOwn();
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const late = await projectWithMembers(ada, 'Late Launch', day, [grace]);
    const done = await projectWithMembers(ada, 'Done Launch', day, [grace]);
    expect((await ada.call(`/api/projects/${done}`, { method: 'PATCH', body: { status: 'completed' } })).status).toBe(200);

    // The due day itself: not overdue yet.
    await dailyRunAt(noon);
    expect(await remindersOf(grace, late)).toEqual([]);
    await dailyRunAt(noon + DAY_MS);
    const got = await eventually(
      () => remindersOf(grace, late),
      (list) => list.length >= 1,
    );
    expect(got.map(({ title, content }) => ({ title, content }))).toEqual([
      { title: 'Project overdue', content: `The project "Late Launch" was due ${day} and is now overdue.` },
    ]);
    await waitForMail(grace.email, 'Late Launch is overdue');
    // The day after: it became overdue yesterday, so no second reminder.
    await dailyRunAt(noon + 2 * DAY_MS);
    expect(await remindersOf(grace, late)).toHaveLength(1);
    expect(await remindersOf(grace, done)).toEqual([]);
    expect((await mailsTo(grace.email)).filter((m) => m.subject.includes('Done Launch'))).toEqual([]);
  });
});
