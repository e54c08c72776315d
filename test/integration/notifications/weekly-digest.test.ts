import { randomInt } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectKeys } from '../../../functions/projects/keys';
import { userKeys } from '../../../functions/user/keys';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { headersOf, mailsTo, outboxSettled, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { runScheduledAt, useRunTable } from '../support/scheduled-run';
import { testTable } from '../support/table';

/**
 * The weekly digest (issue 42, part 4; docs/decisions/061): Monday's run of the daily job, called
 * here in the test process at an instant of the functions' clock. Each test takes a week of its own
 * far ahead (2091–2099), as the reminders' tests take days: the week's activity (a status change,
 * comments) is written in the test process at an instant of that week by the routes' own domain
 * functions, and the local cloud's fan-out notifies from their events as always. (Through the API
 * it would fall in the suite's own week, and the run would mail every person of the whole suite.)
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let digest: typeof import('../../../functions/notifications/weekly-digest');
let projects: typeof import('../../../functions/projects/writes');
let comments: typeof import('../../../functions/comments/writes');
let reads: typeof import('../../../functions/db/reads');

beforeAll(async () => {
  useRunTable();
  digest = await import('../../../functions/notifications/weekly-digest');
  projects = await import('../../../functions/projects/writes');
  comments = await import('../../../functions/comments/writes');
  reads = await import('../../../functions/db/reads');
});

type Run = Awaited<ReturnType<typeof digest.sendWeeklyDigests>>;
const digestRunAt = (at: number) => runScheduledAt<Run>(() => digest.sendWeeklyDigests(), at);

/** Midnight UTC of a Monday no other test uses. */
function aWeekOfItsOwn() {
  const start = Date.UTC(2091 + randomInt(9), 0, 1) + randomInt(50) * 7 * DAY_MS;
  return start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS;
}
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
const longDate = (at: number) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(at);
const client = { clientAddress: '203.0.113.7', userAgent: 'weekly-digest test' };

async function projectWithMembers(admin: SignedIn, name: string, dueDate: string | undefined, members: SignedIn[]) {
  const created = await admin.call('/api/projects', { method: 'POST', body: dueDate ? { name, dueDate } : { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  expect(
    (await admin.call(`/api/projects/${id}/members`, { method: 'PUT', body: { memberIds: members.map((m) => m.user.id) } }))
      .status,
  ).toBe(200);
  return id;
}

const userItem = async (user: SignedIn) => (await reads.getItem(userKeys.user(user.orgId, user.user.id)))!;
const projectItem = async (orgId: string, projectId: string) => (await reads.getItem(projectKeys.project(orgId, projectId)))!;

const titlesOf = async (user: SignedIn) =>
  (await user.call<{ title: string }[]>('/api/notifications')).body.map((n) => n.title).sort();
const digestsTo = async (address: string) =>
  (await mailsTo(address)).filter((mail) => mail.subject.startsWith('Your weekly digest'));

/** What the one-click link of the digest's List-Unsubscribe header answers when a mail provider POSTs it. */
async function oneClick(headers: Record<string, string>) {
  const target = /^<(https?:\/\/[^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
  if (!target) throw new Error(`no List-Unsubscribe URL in ${JSON.stringify(headers)}`);
  const url = new URL(target);
  return request(`${url.pathname}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('the weekly digest', () => {
  it(
    'mails each person with activity in their projects one digest on Monday: mentions, due this week, overdue, status changes and comments; nothing to those with nothing to read or who left it, never twice a week, and account mail still arrives',
    { timeout: 60_000 },
    async () => {
      const monday = aWeekOfItsOwn();
      const nextMonday = monday + 7 * DAY_MS;
      const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
      const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
      const hedy = await addMemberDirectly(ada.orgId, { fullName: 'Hedy Lamarr' });
      const linus = await addMemberDirectly(ada.orgId, { fullName: 'Linus Pauling' });

      // Harbor Launch is due on Wednesday of the digest's week; Pier Launch on Friday of this week, overdue by then.
      const harbor = await projectWithMembers(ada, 'Harbor Launch', dayOf(nextMonday + 2 * DAY_MS), [ada, grace, hedy]);
      const pier = await projectWithMembers(ada, 'Pier Launch', dayOf(monday + 4 * DAY_MS), [ada, grace]);
      // Linus is only added to a project nobody touches: being added is not news for the digest.
      await projectWithMembers(ada, 'Quiet Launch', undefined, [linus]);

      // Tuesday of the week: Ada moves Harbor Launch on, mentions Grace in a comment on it, and comments on Pier Launch.
      const { mention } = await runScheduledAt<{ mention: string }>(
        async () => {
          const actor = await userItem(ada);
          const moved = await projects.updateProject(
            { actor, client },
            harbor,
            { status: 'in_progress' },
            await projectItem(ada.orgId, harbor),
          );
          const mentioned = await comments.createComment(
            { actor, client },
            moved,
            { text: 'Grace, can you check the moorings?' },
            [await userItem(grace)],
          );
          await comments.createComment(
            { actor, client },
            await projectItem(ada.orgId, pier),
            { text: 'The pier needs another week.' },
            [],
          );
          return { mention: mentioned.id };
        },
        monday + DAY_MS + 10 * 60 * 60 * 1000,
      );
      await eventually(
        () => titlesOf(grace),
        (titles) =>
          titles.includes('Mentioned in a comment') &&
          titles.includes('New comment') &&
          titles.includes('Project status changed'),
      );
      await eventually(
        () => titlesOf(hedy),
        (titles) => titles.includes('New comment') && titles.includes('Project status changed'),
      );

      // Hedy left the digest (what its unsubscribe link writes: decision 055).
      const { db, tableName } = testTable();
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: userKeys.user(ada.orgId, hedy.user.id),
          UpdateExpression: 'ADD mailOptOuts :list',
          ExpressionAttributeValues: { ':list': new Set(['weekly-digest']) },
        }),
      );

      // Not on another day of the week.
      expect((await digestRunAt(nextMonday - DAY_MS + 6 * 60 * 60 * 1000)).week).toBeUndefined();

      expect((await digestRunAt(nextMonday + 6 * 60 * 60 * 1000)).week).toBe(dayOf(monday));

      const digest = await waitForMail(grace.email, 'Your weekly digest');
      expect(digest.subject).toBe(`Your weekly digest: the week of ${longDate(monday)}`);
      const link = (path: string) => expect.stringContaining(path);
      const sections = Object.fromEntries(
        digest.text
          .split('\n\n')
          .filter((block) => block.includes('\n- '))
          .map((block) => {
            const [heading, ...lines] = block.split('\n');
            return [heading, lines];
          }),
      );
      expect(Object.keys(sections)).toEqual(['Mentions of you', 'Due this week', 'Overdue', 'Status changes', 'Comments']);
      expect(sections['Mentions of you']).toEqual([link(`- Ada Lovelace mentioned you in Harbor Launch: `)]);
      expect(sections['Mentions of you'][0]).toMatch(new RegExp(`/projects/${harbor}.*${mention}`));
      expect(sections['Due this week']).toEqual([
        expect.stringMatching(
          new RegExp(`^- Harbor Launch, due ${longDate(nextMonday + 2 * DAY_MS)}: https?://\\S+/projects/${harbor}$`),
        ),
      ]);
      expect(sections.Overdue).toEqual([link(`- Pier Launch, was due ${longDate(monday + 4 * DAY_MS)}: `)]);
      expect(sections['Status changes']).toEqual([link(`- The project "Harbor Launch" is now In Progress.: `)]);
      // Mentioned in the Harbor comment, Grace is told of it once, as a mention; the Pier comment is a comment.
      expect(sections.Comments).toEqual([link(`- Ada Lovelace commented on Pier Launch: `)]);
      expect(digest.html).toContain('<h2 style="margin:24px 0 8px;font-size:16px">Due this week</h2>');
      expect(digest.text).toContain('Unsubscribe from the weekly digest email: ');
      const headers = await headersOf(digest);
      expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      // The same Monday again (EventBridge's retry, or a second run): nobody gets a second digest.
      const again = await digestRunAt(nextMonday + 9 * 60 * 60 * 1000);
      expect(again.alreadySent).toBeGreaterThanOrEqual(1);
      await outboxSettled();
      expect(await digestsTo(grace.email)).toHaveLength(1);
      // Ada acted and was told of nothing; Linus had nothing to read; Hedy left the digest.
      for (const person of [ada, linus, hedy]) expect(await digestsTo(person.email), person.user.fullName).toEqual([]);

      // Account mail is not on any list: Hedy still gets her password reset, without an unsubscribe link.
      expect((await request('/api/password-reset/request', { body: { username: hedy.email } })).status).toBe(200);
      const reset = await waitForMail(hedy.email, 'Reset your');
      expect(await headersOf(reset)).not.toHaveProperty('list-unsubscribe');

      // The digest's one-click link turns the digest off, and says which mail it was.
      const off = await oneClick(headers);
      expect(off.status, off.text).toBe(200);
      expect(off.body).toEqual({ list: 'weekly-digest', subscribed: false });
    },
  );
});
