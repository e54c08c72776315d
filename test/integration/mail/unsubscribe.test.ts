import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LINK } from '../../../shared/messages';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { type CaughtMail, headersOf, mailsTo, outboxSettled, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { runScheduledAt, useRunTable } from '../support/scheduled-run';

/**
 * One-click unsubscribe from reminder mails (issue 42, part 4; docs/decisions/055): the RFC 8058
 * headers, the signed link, its effect on the next runs, turning the mails back on, and forged links.
 * Each test takes days of its own far ahead, as the reminders' tests do.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let reminders: typeof import('../../../functions/handlers/projects/remind-due-projects').handler;

beforeAll(async () => {
  useRunTable();
  ({ handler: reminders } = await import('../../../functions/handlers/projects/remind-due-projects'));
});

const dailyRunAt = (at: number) => runScheduledAt(reminders, at);
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

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

/** The one-click POST a mail provider sends to the List-Unsubscribe URL: a form body, no cookie, no JSON. */
function oneClick(headers: Record<string, string>) {
  const target = /^<(https:\/\/[^>]+|http:\/\/localhost:\d+[^>]*)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
  if (!target) throw new Error(`no List-Unsubscribe URL in ${JSON.stringify(headers)}`);
  const url = new URL(target);
  return request(`${url.pathname}${url.search}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The signed token of the footer's link (a stage token: base64url header, claims and signature). */
function unsubscribeToken(mail: CaughtMail): string {
  const token = /\/unsubscribe#token=([A-Za-z0-9_.-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return token;
}

const subjectsTo = async (address: string, subject: string) =>
  (await mailsTo(address)).filter((mail) => mail.subject.includes(subject));

describe('unsubscribing from reminder mails', () => {
  it('carries one-click headers and a signed link; an unsubscribed member is still told in the app but not mailed, until they turn the mails back on', async () => {
    const noon = Date.UTC(2091 + randomInt(9), 0, 1, 12) + randomInt(360) * DAY_MS;
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const first = await projectWithMembers(ada, 'Harbor Launch', dayOf(noon), [ada, grace]);

    await dailyRunAt(noon - DAY_MS);
    const reminder = await waitForMail(grace.email, 'Harbor Launch is due tomorrow');
    const headers = await headersOf(reminder);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(reminder.text).toContain('Unsubscribe from due-date reminder emails: ');
    const token = unsubscribeToken(reminder);

    const off = await oneClick(headers);
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ list: 'due-reminders', subscribed: false });
    // Opening the page's link as well changes nothing more.
    expect(
      (await request(`/api/mail-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' })).body,
    ).toEqual({ list: 'due-reminders', subscribed: false });

    // The project becomes overdue: Grace sees it in the app, only Ada is mailed.
    await dailyRunAt(noon + DAY_MS);
    await eventually(
      async () =>
        (await grace.call<{ title: string; linkUrl: string }[]>('/api/notifications')).body.filter(
          (n) => n.linkUrl === `/projects/${first}` && n.title === 'Project overdue',
        ),
      (found) => found.length === 1,
    );
    await waitForMail(ada.email, 'Harbor Launch is overdue');
    await outboxSettled();
    expect(await subjectsTo(grace.email, 'Harbor Launch is overdue')).toEqual([]);

    // Back on, by the same link: the next reminder is mailed again.
    const on = await request('/api/mail-subscriptions/resubscribe', { body: { token } });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ list: 'due-reminders', subscribed: true });
    await projectWithMembers(ada, 'Quay Launch', dayOf(noon + 3 * DAY_MS), [grace]);
    await dailyRunAt(noon + 2 * DAY_MS);
    await waitForMail(grace.email, 'Quay Launch is due tomorrow');
  });

  it("lets a mentioned person turn mention mails off by the mail's one-click link: the next mention is still a notification, but no mail", async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const created = await ada.call('/api/projects', { method: 'POST', body: { name: 'Dock Launch' } });
    const projectId = created.body.id as string;
    const mention = (text: string) =>
      ada.call(`/api/projects/${projectId}/comments`, { method: 'POST', body: { text, mentions: [grace.user.id] } });

    expect((await mention('@Grace Hopper first look')).status).toBe(201);
    const mail = await waitForMail(grace.email, 'Ada Lovelace mentioned you in Dock Launch');
    expect(mail.text).toContain('Unsubscribe from emails when someone mentions you in a comment: ');
    const off = await oneClick(await headersOf(mail));
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ list: 'mentions', subscribed: false });

    expect((await mention('@Grace Hopper second look')).status).toBe(201);
    await eventually(
      async () =>
        (await grace.call<{ title: string }[]>('/api/notifications')).body.filter((n) => n.title === 'Mentioned in a comment'),
      (found) => found.length === 2,
    );
    await outboxSettled();
    expect(await subjectsTo(grace.email, 'Ada Lovelace mentioned you in Dock Launch')).toHaveLength(1);
  });

  it('refuses a forged or altered link with a 400 and changes nothing; account mail has no unsubscribe', async () => {
    const noon = Date.UTC(2091 + randomInt(9), 0, 1, 12) + randomInt(360) * DAY_MS;
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    await projectWithMembers(ada, 'Pier Launch', dayOf(noon), [ada, grace]);
    await dailyRunAt(noon - DAY_MS);
    const token = unsubscribeToken(await waitForMail(grace.email, 'Pier Launch is due tomorrow'));

    // Grace's signature over a payload naming Ada: refused.
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const retargeted = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: ada.user.id })).toString('base64url')}.${signature}`;
    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [retargeted, flipped, 'not-a-token', `${token}.extra`]) {
      const refused = await request(`/api/mail-subscriptions/unsubscribe?token=${encodeURIComponent(forged)}`, {
        method: 'POST',
      });
      expect(refused.status, forged).toBe(400);
      expect(refused.body.message).toBe(INVALID_LINK);
      expect((await request('/api/mail-subscriptions/resubscribe', { body: { token: forged } })).status).toBe(400);
    }
    expect((await request('/api/mail-subscriptions/unsubscribe', { method: 'POST' })).status).toBe(400);

    // Ada was not unsubscribed: the overdue mail still reaches her.
    await dailyRunAt(noon + DAY_MS);
    await waitForMail(ada.email, 'Pier Launch is overdue');

    expect((await request('/api/password-reset/request', { body: { username: grace.email } })).status).toBe(200);
    const reset = (
      await eventually(
        () => mailsTo(grace.email),
        (mails) => mails.some((m) => !m.subject.includes('Pier Launch')),
      )
    ).find((m) => !m.subject.includes('Pier Launch'))!;
    expect(await headersOf(reset)).not.toHaveProperty('list-unsubscribe');
    expect(reset.text).not.toContain('Unsubscribe');
  });
});
