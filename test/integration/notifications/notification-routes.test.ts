import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { UNREAD_COUNT_LIMIT } from '../../../functions/notifications/reads';
import { userKeys } from '../../../functions/user/keys';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { addUserThroughApi as addUser } from '../support/org-members';
import { testTable } from '../support/table';
import { seedNotifications, storedNotifications } from './seed-notifications';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest notification the user's last mark-all-read covered, as stored on their user item. */
async function readUpToOf(user: SignedIn): Promise<string | undefined> {
  const { db, tableName } = testTable();
  const out = await db.send(
    new GetCommand({ TableName: tableName, Key: userKeys.user(user.orgId, user.user.id), ConsistentRead: true }),
  );
  return out.Item?.notificationsReadUpTo as string | undefined;
}

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
      await seedNotifications(ada.user.id, 1, link);
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
    await seedNotifications(bob.user.id, 2);
    expect((await ada.call('/api/notifications')).body).toEqual([]);
    expect((await bob.call('/api/notifications')).body).toHaveLength(2);
  });

  it(`keeps the list to the newest 50 while the count covers up to ${UNREAD_COUNT_LIMIT} unread ones (the badge shows '9+' above 9)`, async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.user.id, 70);
    const list = await ada.call('/api/notifications');
    expect(list.body).toHaveLength(50);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 70 });
    await seedNotifications(ada.user.id, 50);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: UNREAD_COUNT_LIMIT });
  });

  it('is 401 without a session', async () => {
    expect((await request('/api/notifications')).status).toBe(401);
    expect((await request('/api/notifications/unread/count')).status).toBe(401);
  });
});

describe('GET /api/notifications/unread/count', () => {
  it('answers {count} of unread notifications in two DynamoDB calls (the session load and one Query of their own partition)', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.user.id, 3);
    const count = await ada.call('/api/notifications/unread/count');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 3 });
    expect(count.dbCalls).toBe(2);
    expect(count.headers.get('cache-control')).toBe('no-store');
  });

  it('reads a bounded page whatever the person holds: 1,200 unread cost what 100 cost', { timeout: 60_000 }, async () => {
    const [few, many] = [await registerOrganization(), await registerOrganization()];
    await seedNotifications(few.user.id, UNREAD_COUNT_LIMIT);
    await seedNotifications(many.user.id, 1_200);
    const [small, large] = [
      await few.call('/api/notifications/unread/count'),
      await many.call('/api/notifications/unread/count'),
    ];
    expect(large.body).toEqual({ count: UNREAD_COUNT_LIMIT });
    expect(large.dbCalls).toBe(small.dbCalls);
    expect(large.dbReadUnits).toBeLessThanOrEqual(small.dbReadUnits + 0.5);
  });
});

describe('PATCH /api/notifications/{id}/read', () => {
  it('marks the notification read, answers it and lowers the unread count by one', async () => {
    const ada = await registerOrganization();
    const [first] = await seedNotifications(ada.user.id, 2, '/projects/abc');
    const marked = await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: first, isRead: true, linkUrl: '/projects/abc' });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    const listed = (await ada.call('/api/notifications')).body.find((n: { id: string }) => n.id === first);
    expect(listed.isRead).toBe(true);
  });

  it('marking an already-read notification answers it and changes no counter', async () => {
    const ada = await registerOrganization();
    const [first] = await seedNotifications(ada.user.id, 2);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const again = await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first, isRead: true });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
  });

  it('lets a read notification expire 30 days after it was read, an unread one 90 days after it was sent', async () => {
    const ada = await registerOrganization();
    const [first, second] = await seedNotifications(ada.user.id, 2);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const stored = await storedNotifications(ada.user.id);
    // DynamoDB deletes by its own clock, which the run's offset does not shift (functions/clock.ts ttlAt).
    const now = Date.now() / 1000;
    const day = 24 * 3600;
    const read = stored.find((n) => n.id === first)!;
    expect(read.ttl).toBeGreaterThan(now + 29 * day);
    expect(read.ttl).toBeLessThan(now + 31 * day);
    const unread = stored.find((n) => n.id === second)!;
    expect(unread.ttl).toBeGreaterThan(now + 89 * day);
    expect(unread.ttl).toBeLessThan(now + 91 * day);
  });

  it("is 404 for another user's notification, in the same or another organization, and changes nothing", async () => {
    const ada = await registerOrganization();
    const colleague = await addUser(ada, 'Grace Hopper', 'admin');
    const eve = await registerOrganization();
    const [adasOwn] = await seedNotifications(ada.user.id, 1);
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
    const [first] = await seedNotifications(ada.user.id, 3);
    await ada.call(`/api/notifications/${first}/read`, { method: 'PATCH' });
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ count: 2 });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
    expect((await ada.call('/api/notifications')).body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
  });

  it('marks every one at once, whatever their number (1,200 unread): the marker moves, no notification is written', async () => {
    const ada = await registerOrganization();
    const ids = await seedNotifications(ada.user.id, 1_200);
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.status).toBe(200);
    // How many were unread, counted as the unread count is.
    expect(marked.body).toEqual({ count: UNREAD_COUNT_LIMIT });
    // The session load, the count's Query and the marker's UpdateItem: the same for 3 or 1,200 (issue 62, item 6).
    expect(marked.dbCalls).toBe(3);
    expect(marked.dbWrittenKeys).toEqual([`ORG#${ada.orgId} USER#${ada.user.id}`]);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
    const listed = (await ada.call('/api/notifications')).body as { id: string; isRead: boolean }[];
    expect(listed).toHaveLength(50);
    expect(listed.every((n) => n.isRead)).toBe(true);
    // An old one outside the list reads as read too, and marking it writes nothing.
    const oldest = await ada.call(`/api/notifications/${ids[0]}/read`, { method: 'PATCH' });
    expect(oldest.body).toMatchObject({ id: ids[0], isRead: true });
    expect(oldest.dbWrittenKeys).toEqual([]);
  }, 120_000);

  it('counts what arrives after it: a new notification is unread until it is read', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.user.id, 3);
    await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    await pause(3);
    const [later] = await seedNotifications(ada.user.id, 1);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    const listed = (await ada.call('/api/notifications')).body as { id: string; isRead: boolean }[];
    expect(listed[0]).toMatchObject({ id: later, isRead: false });
    expect(listed.slice(1).every((n) => n.isRead)).toBe(true);
    expect((await ada.call('/api/notifications/mark-all-read', { method: 'POST' })).body).toEqual({ count: 1 });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it('with nothing unread marks nothing', async () => {
    const ada = await registerOrganization();
    const marked = await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect(marked.body).toEqual({ count: 0 });
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it("leaves other users' notifications alone", async () => {
    const ada = await registerOrganization();
    const bob = await registerOrganization();
    await seedNotifications(bob.user.id, 2);
    await ada.call('/api/notifications/mark-all-read', { method: 'POST' });
    expect((await bob.call('/api/notifications/unread/count')).body).toEqual({ count: 2 });
  });

  it('is 401 without a session', async () => {
    expect((await request('/api/notifications/mark-all-read', { method: 'POST' })).status).toBe(401);
  });
});

describe('the unread count under concurrency', () => {
  /** Unread as stored: not marked read by itself and newer than the marker. */
  const unreadStored = async (user: SignedIn) => {
    const readUpTo = await readUpToOf(user);
    return (await storedNotifications(user.user.id)).filter((n) => !n.isRead && (readUpTo === undefined || n.id > readUpTo))
      .length;
  };

  it('one notification marked read by many requests at once lowers the count by exactly one', async () => {
    const ada = await registerOrganization();
    const [target] = await seedNotifications(ada.user.id, 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ada.call(`/api/notifications/${target}/read`, { method: 'PATCH' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 2 });
  });

  it('mark-read and mark-all-read racing leave nothing unread', async () => {
    const ada = await registerOrganization();
    const ids = await seedNotifications(ada.user.id, 70);
    const answers = await Promise.all([
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      ...ids.slice(0, 20).map((id) => ada.call(`/api/notifications/${id}/read`, { method: 'PATCH' })),
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      ...ids.slice(50, 60).map((id) => ada.call(`/api/notifications/${id}/read`, { method: 'PATCH' })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await unreadStored(ada)).toBe(0);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: 0 });
  });

  it('a notification arriving during mark-all-read stays counted when it is newer than the marker', async () => {
    const ada = await registerOrganization();
    await seedNotifications(ada.user.id, 60);
    await Promise.all([
      ada.call('/api/notifications/mark-all-read', { method: 'POST' }),
      seedNotifications(ada.user.id, 5),
      seedNotifications(ada.user.id, 5),
    ]);
    expect((await ada.call('/api/notifications/unread/count')).body).toEqual({ count: await unreadStored(ada) });
  });
});
