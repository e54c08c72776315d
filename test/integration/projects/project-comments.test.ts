import { describe, expect, it } from 'vitest';
import { MENTION_MAILS_PER_HOUR } from '../../../functions/notifications/mention-mail-cap';
import { COMMENT_MAX_LENGTH, COMMENT_PAGE_SIZE } from '../../../shared/limits';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { mailsTo, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { outboxItemsTo, testTable } from '../support/table';

interface Comment {
  id: string;
  projectId: string;
  text: string;
  mentions: { id: string; fullName: string }[];
  author: { id: string; fullName: string; avatarUrl: string | null };
  createdAt: string;
  editedAt: string | null;
}
interface Listed {
  title: string;
  content: string;
  linkUrl: string | null;
}

async function createProject(user: SignedIn, name: string): Promise<string> {
  const answer = await user.call('/api/projects', { method: 'POST', body: { name } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

const commentsPath = (projectId: string) => `/api/projects/${projectId}/comments`;

async function comment(user: SignedIn, projectId: string, text: string, mentions: string[] = []): Promise<Comment> {
  const answer = await user.call<Comment>(commentsPath(projectId), { method: 'POST', body: { text, mentions } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const notificationsOf = (user: SignedIn, count: number) =>
  eventually(
    async () => (await user.call<Listed[]>('/api/notifications')).body,
    (list) => list.length >= count,
  );

describe('project comments', () => {
  it('posts a comment as the signed-in author and lists it newest last, text kept as typed', async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Spring campaign');
    const first = await comment(ada, projectId, 'First line\nsecond line https://example.com');
    expect(first).toMatchObject({
      projectId,
      text: 'First line\nsecond line https://example.com',
      mentions: [],
      author: { id: ada.user.id, fullName: 'Ada Lovelace', avatarUrl: null },
      editedAt: null,
    });
    // Any member of the organization may comment; HTML is kept as text, never interpreted.
    await comment(grace, projectId, '<script>alert(1)</script> <b>bold</b>');

    const page = await ada.call(commentsPath(projectId));
    expect(page.status).toBe(200);
    expect(page.dbCalls).toBeLessThanOrEqual(2);
    expect(page.body.nextCursor).toBeNull();
    expect(page.body.comments.map((c: Comment) => [c.author.fullName, c.text])).toEqual([
      ['Ada Lovelace', 'First line\nsecond line https://example.com'],
      ['Grace Hopper', '<script>alert(1)</script> <b>bold</b>'],
    ]);
  });

  it('refuses an empty, blank or too long comment with a field message', async () => {
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Limits');
    for (const text of ['', '   \n\t ']) {
      const answer = await ada.call(commentsPath(projectId), { method: 'POST', body: { text } });
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors.text).toBe('Comment cannot be empty');
    }
    const tooLong = await ada.call(commentsPath(projectId), {
      method: 'POST',
      body: { text: 'a'.repeat(COMMENT_MAX_LENGTH + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.text).toBe('Comment must be at most 5,000 characters');
    expect(
      (await ada.call(commentsPath(projectId), { method: 'POST', body: { text: 'a'.repeat(COMMENT_MAX_LENGTH) } })).status,
    ).toBe(201);
  });

  it('pages by cursor back in time, each page newest last, in at most 2 database calls whatever the number of comments', async () => {
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Busy');
    const total = COMMENT_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i += 1) await comment(ada, projectId, `Comment ${i}`);
    const latest = await ada.call(commentsPath(projectId));
    expect(latest.dbCalls).toBeLessThanOrEqual(2);
    expect(latest.body.comments).toHaveLength(COMMENT_PAGE_SIZE);
    expect(latest.body.comments[0].text).toBe('Comment 6');
    expect(latest.body.comments.at(-1).text).toBe(`Comment ${total}`);
    expect(latest.body.nextCursor).toBe(latest.body.comments[0].id);
    const earlier = await ada.call(`${commentsPath(projectId)}?cursor=${latest.body.nextCursor}`);
    expect(earlier.dbCalls).toBeLessThanOrEqual(2);
    expect(earlier.body.comments.map((c: Comment) => c.text)).toEqual([
      'Comment 1',
      'Comment 2',
      'Comment 3',
      'Comment 4',
      'Comment 5',
    ]);
    expect(earlier.body.nextCursor).toBeNull();
    expect((await ada.call(`${commentsPath(projectId)}?cursor=not-an-id`)).status).toBe(400);
  });

  it('costs at most 6 write units in the request, however many members the project has', async () => {
    const ada = await registerOrganization();
    const members = await Promise.all(
      ['Grace', 'Alan', 'Edsger'].map((name) => addMemberDirectly(ada.orgId, { fullName: name })),
    );
    const projectId = await createProject(ada, 'Budget');
    expect(
      (
        await ada.call(`/api/projects/${projectId}/members`, {
          method: 'PUT',
          body: { memberIds: members.map((m) => m.user.id) },
        })
      ).status,
    ).toBe(200);
    const answer = await ada.call(commentsPath(projectId), {
      method: 'POST',
      body: { text: 'Kick-off on Monday, @Grace', mentions: [members[0]!.user.id] },
    });
    expect(answer.status).toBe(201);
    expect(answer.dbWriteUnits).toBeLessThanOrEqual(6);
    expect(answer.dbCalls).toBeLessThanOrEqual(2);
  });

  it("lets only the author edit, marks the edit, and answers 404 for another organization's project", async () => {
    const ada = await registerOrganization();
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Edits');
    const mine = await comment(grace, projectId, 'Draft');
    const path = `${commentsPath(projectId)}/${mine.id}`;
    // Not even an admin edits someone else's words.
    const refused = await ada.call(path, { method: 'PATCH', body: { text: 'Changed by Ada' } });
    expect(refused.status).toBe(403);
    const edited = await grace.call<Comment>(path, { method: 'PATCH', body: { text: 'Final' } });
    expect(edited.status).toBe(200);
    expect(edited.body.text).toBe('Final');
    expect(edited.body.editedAt).not.toBeNull();
    const listed = (await ada.call(commentsPath(projectId))).body.comments as Comment[];
    expect(listed.map((c) => [c.text, c.editedAt !== null])).toEqual([['Final', true]]);

    const stranger = await registerOrganization();
    expect((await stranger.call(commentsPath(projectId))).status).toBe(404);
    expect((await stranger.call(commentsPath(projectId), { method: 'POST', body: { text: 'Hi' } })).status).toBe(404);
    expect((await stranger.call(path, { method: 'PATCH', body: { text: 'Hi' } })).status).toBe(404);
    expect((await stranger.call(path, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await grace.call(`${commentsPath(projectId)}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, { method: 'PATCH', body: { text: 'Hi' } }))
        .status,
    ).toBe(404);
  });

  it("lets the author delete their comment, an admin anyone's with an audit entry, and staff nobody else's", async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(ada.orgId, { fullName: 'Alan Turing' });
    const projectId = await createProject(ada, 'Deletes');
    const gracesFirst = await comment(grace, projectId, 'One');
    const gracesSecond = await comment(grace, projectId, 'Two');
    const byId = (c: Comment) => `${commentsPath(projectId)}/${c.id}`;

    expect((await alan.call(byId(gracesFirst), { method: 'DELETE' })).status).toBe(403);
    expect((await grace.call(byId(gracesFirst), { method: 'DELETE' })).status).toBe(200);
    expect((await grace.call(byId(gracesFirst), { method: 'DELETE' })).status).toBe(404);
    expect((await ada.call(byId(gracesSecond), { method: 'DELETE' })).status).toBe(200);
    expect((await ada.call(commentsPath(projectId))).body.comments).toEqual([]);

    const audit = (await ada.call('/api/organization/audit-log?action=comment.deleted')).body;
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actor: { id: ada.user.id },
      target: { type: 'project', id: projectId, label: 'Deletes' },
      details: { commentId: gracesSecond.id, authorName: 'Grace Hopper' },
    });

    const activity = (await ada.call(`/api/projects/${projectId}/activity`)).body.entries as {
      action: string;
      actor: { fullName: string };
    }[];
    expect(activity.map((entry) => [entry.actor.fullName, entry.action])).toEqual([
      ['Ada Lovelace', 'comment_deleted'],
      ['Grace Hopper', 'comment_deleted'],
      ['Grace Hopper', 'commented'],
      ['Grace Hopper', 'commented'],
      ['Ada Lovelace', 'created'],
    ]);
  });
});

describe('mentions and comment notifications', () => {
  it('notifies and mails the people mentioned, notifies the other members, never the author, and drops outsiders', async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(ada.orgId, { fullName: 'Alan Turing' });
    const outsider = await registerOrganization({ fullName: 'Eve Outsider' });
    const projectId = await createProject(ada, 'Spring campaign');
    expect(
      (
        await ada.call(`/api/projects/${projectId}/members`, {
          method: 'PUT',
          body: { memberIds: [ada.user.id, grace.user.id, alan.user.id] },
        })
      ).status,
    ).toBe(200);
    const before = (await notificationsOf(grace, 1)).length;

    const posted = await comment(ada, projectId, '@Grace Hopper can you check the copy?', [
      grace.user.id,
      outsider.user.id,
      ada.user.id,
    ]);
    expect(posted.mentions).toEqual([
      { id: grace.user.id, fullName: 'Grace Hopper' },
      { id: ada.user.id, fullName: 'Ada Lovelace' },
    ]);

    const link = `/projects/${projectId}#comment-${posted.id}`;
    const graces = await notificationsOf(grace, before + 1);
    expect(graces[0]).toMatchObject({
      title: 'Mentioned in a comment',
      content: 'Ada Lovelace mentioned you in Spring campaign',
      linkUrl: link,
    });
    const alans = await notificationsOf(alan, before + 1);
    expect(alans[0]).toMatchObject({ title: 'New comment', content: 'Ada Lovelace commented on Spring campaign', linkUrl: link });

    const mail = await waitForMail(grace.email, 'Ada Lovelace mentioned you in Spring campaign');
    expect(mail.text).toContain('@Grace Hopper can you check the copy?');
    expect(mail.text).toContain(link);

    // Whatever arrives later, nobody is told twice and the author and the outsider never are.
    const again = await notificationsOf(grace, before + 1);
    expect(again.filter((n) => n.linkUrl === link)).toHaveLength(1);
    expect((await ada.call<Listed[]>('/api/notifications')).body.filter((n) => n.linkUrl === link)).toEqual([]);
    expect((await outsider.call<Listed[]>('/api/notifications')).body).toEqual([]);
    expect((await mailsTo(outsider.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);
    expect((await mailsTo(alan.email)).filter((m) => m.subject.includes('mentioned you'))).toEqual([]);
  });

  it(`mails a person at most ${MENTION_MAILS_PER_HOUR} mentions an hour: every further mention is still a notification`, async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Flurry');
    const mentions = MENTION_MAILS_PER_HOUR + 2;
    for (let index = 0; index < mentions; index += 1)
      await comment(ada, projectId, `@Grace Hopper look ${index}`, [grace.user.id]);
    const mentioned = await eventually(
      async () => (await grace.call<Listed[]>('/api/notifications')).body.filter((n) => n.title === 'Mentioned in a comment'),
      (list) => list.length >= mentions,
    );
    expect(mentioned).toHaveLength(mentions);
    // Each notification's mail is queued in its own transaction: once all are there, so is every mail there will be.
    const { db, tableName } = testTable();
    const queued = (await outboxItemsTo(db, tableName, grace.email)).filter((item) => item.template === 'mention');
    expect(queued).toHaveLength(MENTION_MAILS_PER_HOUR);
  });

  it('notifies only the people an edit newly mentions', async () => {
    const ada = await registerOrganization({ fullName: 'Ada Lovelace' });
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const alan = await addMemberDirectly(ada.orgId, { fullName: 'Alan Turing' });
    const projectId = await createProject(ada, 'Edits');
    const posted = await comment(ada, projectId, 'Hello @Grace Hopper', [grace.user.id]);
    await notificationsOf(grace, 1);
    const edited = await ada.call<Comment>(`${commentsPath(projectId)}/${posted.id}`, {
      method: 'PATCH',
      body: { text: 'Hello @Grace Hopper and @Alan Turing', mentions: [grace.user.id, alan.user.id] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.mentions.map((m) => m.fullName)).toEqual(['Grace Hopper', 'Alan Turing']);
    const alans = await notificationsOf(alan, 1);
    expect(alans[0]!.content).toBe('Ada Lovelace mentioned you in Edits');
    await waitForMail(alan.email, 'mentioned you in Edits');
    expect(
      (await grace.call<Listed[]>('/api/notifications')).body.filter((n) => n.title === 'Mentioned in a comment'),
    ).toHaveLength(1);
  });
});
