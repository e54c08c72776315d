import { describe, expect, it } from 'vitest';
import { MARK_ALL_STEP } from '../../../functions/notifications/writes';
import { registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { addUserThroughApi as addUser } from '../support/org-members';
import { seedNotifications, storedNotifications } from './seed-notifications';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/notifications', () => {
  it('a newly registered user has no notifications and an unread count of 0', async () => {
    const ada = await registerOrganization();
    const list = await ada.call('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const count = await ada.call('/api/notifications/unread/count');
    expect(count.body).toEqual({ count: 0 });
  });

  it("lists the user's notifications newest first in the contract shape, in at most two DynamoDB calls", async () => {
    const ada = await registerOrganization();
    for (const link of ['/projects/first', null, '/projects/third']) {
      await seedNotifications(ada.orgId, ada.user.id, 1, link);
      await pause(3);
    }
    const list = await ada.call('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.dbCalls).toBeLessThanOrEqual(2);
    expect(list.body.map((n: { linkUrl: string | null }) => n.linkUrl)).toEqual(['/projects/third', null, '/projects/first']);
    const [newest] = list.body;
    expect(Object.keys(newest).sort()).toEqual(['content', 'createdAt', 'id', 'isRead', 'linkUrl', 'title']);
    expect(newest).toMatchObject({ title: 'Notice 1', content: 'Content 1', isRead: false });
    expect(new Date(newest.createdAt).toISOString()).toBe(newest.createdAt);
  });

  it("shows only the signed-in user's own notifications", async () => {
    const ada = await registerOrganization();
    const bob = await registerOrganization();
    await seedNotifications(bob.orgId, bob.user.id, 2);
    expect((await ada.call('/api/notifications')).body).toEqual([]);
    expect((await bob.call('/api/notifications')).body).toHaveLength(2);
  });

  it('keeps the list to the newest 50 while the count covers every unread one', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.orgId, ada.user.id, 120);
    const list = await ada.call('/api/notifications');
    expect(list.body).toHaveLength(50);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 120 });
  });

  it('is 401 without a session', async () => {
    expect((await request('/api/notifications')).status).toBe(401);
    expect((await request('/api/notifications/unread/count')).status).toBe(401);
  });
});

describe('GET /api/notifications/unread/count', () => {
  it('answers {count} of unread notifications in exactly one DynamoDB call (the session load)', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.orgId, ada.user.id, 3);
    const count = await ada.call('/api/notifications/unread/count');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 3 });
    expect(count.dbCalls).toBe(1);
    expect(count.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PATCH /api/notifications/{id}/read', () => {
  it('marks the notification read, answers it and lowers the unread count by one', async () => {
    const ada = await registerOrganization();
    const [first] = await seedNotifications(ada.orgId, ada.user.id, 2, '/projects/abc');
    const marked = await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: first, isRead: true, linkUrl: '/projects/abc' });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    const listed = (await ada.call('/api/notifications')).body.find((n: { id: string }) => n.id === first);
    expect(listed.isRead).toBe(true);
  });

  it('marking an already-read notification answers it and changes no counter', async () => {
    const ada = await registerOrganization();
    const [first] = await seedNotifications(ada.orgId, ada.user.id, 2);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const again = await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first, isRead: true });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
  });

  it('sets a ttl on a read notification so it expires, while unread ones have none', async () => {
    const ada = await registerOrganization();
    const [first, second] = await seedNotifications(ada.orgId, ada.user.id, 2);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const stored = await storedNotifications(ada.user.id);
    // DynamoDB deletes by its own clock, which the run's offset does not shift (functions/clock.ts ttlAt).
    const now = Date.now() / 1000;
    const read = stored.find((n) => n.id === first)!;
    expect(read.ttl).toBeGreaterThan(now + 29 * 24 * 3600);
    expect(read.ttl).toBeLessThan(now + 31 * 24 * 3600);
    expect(stored.find((n) => n.id === second)!.ttl).toBeUndefined();
  });

  it("is 404 for another user's notification, in the same or another organization, and changes nothing", async () => {
    const ada = await registerOrganization();
    const colleague = await addUser(ada, 'Grace Hopper', 'admin');
    const eve = await registerOrganization();
    const [adasOwn] = await seedNotifications(ada.orgId, ada.user.id, 1);
    for (const other of [colleague, eve]) {
      const answer = await other.call(`/api/notifications/${adasOwn}/read`, { method: 'PATCH' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    expect((await storedNotifications(ada.user.id))[0]!.isRead).toBe(false);
  });

  it('is 404 for an id that names no notification', async () => {
    const ada = await registerOrganization();
    expect((await ada.call('/api/notifications/01ARZ3NDEKTSV4RRFFQ69G5FAV/read', { method: 'PATCH' })).status).toBe(404);
    expect((await ada.call('/api/notifications/not-an-id/read', { method: 'PATCH' })).status).toBe(404);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it('is 401 without a session', async () => {
    expect((await request('/api/notifications/01ARZ3NDEKTSV4RRFFQ69G5FAV/read', { method: 'PATCH' })).status).toBe(401);
  });
});

describe('POST /api/notifications/mark-all-read', () => {
  it('marks every unread notification read and answers how many it marked', async () => {
    const ada = await registerOrganization();
    const [first] = await seedNotifications(ada.orgId, ada.user.id, 3);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ count: 2 });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
    expect((await ada.call('/api/notifications')).body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
  });

  it('marks more than one transaction holds (120 unread, beyond the listed 50)', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.orgId, ada.user.id, 120);
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.body).toEqual({ count: 120 });
    expect((await storedNotifications(ada.user.id)).filter((n) => !n.isRead)).toHaveLength(0);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it('marks the newest 500 in the request and the rest after it, a bounded step at a time (1,200 unread, issue 62)', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.orgId, ada.user.id, 1_200);
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ count: MARK_ALL_STEP });
    // 10 transactions of 50, a few pages of the notifications and the continuation's event: not one per notification.
    expect(marked.dbCalls).toBeLessThanOrEqual(20);
    const unread = await eventually(
      async () => (await ada.call('/api/notifications/unread/count')).body.count as number,
      (count) => count === 0,
      60_000,
    );
    expect(unread).toBe(0);
    expect((await storedNotifications(ada.user.id)).filter((n) => !n.isRead)).toHaveLength(0);
  }, 120_000);

  it('with nothing unread marks nothing', async () => {
    const ada = await registerOrganization();
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.body).toEqual({ count: 0 });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it("leaves other users' notifications alone", async () => {
    const ada = await registerOrganization();
    const bob = await registerOrganization();
    await seedNotifications(bob.orgId, bob.user.id, 2);
    await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect((await bob.call('/api/notifications/unread/count')).body).toEqual({ count: 2 });
  });

  it('is 401 without a session', async () => {
    expect((await request('/api/notifications/mark-all-read', { method: 'POST' })).status).toBe(401);
  });
});

describe('the unread counter under concurrency', () => {
  const unreadStored = async (userId: string) => (await storedNotifications(userId)).filter((n) => !n.isRead).length;

  it('one notification marked read by many requests at once lowers the count by exactly one', async () => {
    const ada = await registerOrganization();
    const [target] = await seedNotifications(ada.orgId, ada.user.id, 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ada.call(`/api/notifications/${target}/read`, { method: 'PATCH' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 2 });
  });

  it('mark-read and mark-all-read racing keep the count equal to the number of unread notifications', async () => {
    const ada = await registerOrganization();
    const ids = await seedNotifications(ada.orgId, ada.user.id, 70);
    const answers = await Promise.all([
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      ...ids.slice(0, 20).map((id) => ada.call(`/api/notifications/${id}/read`, { method: 'PATCH' })),
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      ...ids.slice(50, 60).map((id) => ada.call(`/api/notifications/${id}/read`, { method: 'PATCH' })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Both mark-alls together marked each notification that no mark-read got to first, exactly once.
    const markedByAll = answers[0]!.body.count + answers[21]!.body.count;
    expect(markedByAll).toBeLessThanOrEqual(70);
    expect(await unreadStored(ada.user.id)).toBe(0);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it('a notification arriving during mark-all-read stays counted when it stays unread', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.orgId, ada.user.id, 60);
    await Promise.all([
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      seedNotifications(ada.orgId, ada.user.id, 5),
      seedNotifications(ada.orgId, ada.user.id, 5),
    ]);
    const unread = await unreadStored(ada.user.id);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: unread });
  });
});
