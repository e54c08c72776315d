import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type SignedIn, login, registerOrganization, request, sessionCookieOf } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { testTable } from '../support/table';
import { enrol, stepUp } from '../support/two-factor';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function sessionKeyOf(signedIn: Pick<SignedIn, 'cookie'>) {
  const claims = JSON.parse(Buffer.from(signedIn.cookie.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  return { PK: `USER#${claims.sub}`, SK: `SESSION#${claims.sid}`, id: claims.sid };
}

async function setSession(signedIn: SignedIn, values: Record<string, number>) {
  const { db, tableName } = testTable();
  const { PK, SK } = sessionKeyOf(signedIn);
  const names = Object.keys(values);
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { PK, SK },
      UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, values[name]])),
    }),
  );
}

/** Signs in as a browser with this User-Agent; answers the session cookie. */
const signInWith = async (email: string, password: string, userAgent: string) => {
  const response = await request('/api/login', { body: { username: email, password }, headers: { 'user-agent': userAgent } });
  expect(response.status).toBe(200);
  const cookie = sessionCookieOf(response);
  return { cookie, call: (path: string) => request(path, { cookie }) };
};

describe('sessions people can see and end (issue 21, item 4)', () => {
  it('lists each live session with its device and times, the current one marked', async () => {
    const admin = await registerOrganization();
    const phone = await signInWith(admin.email, admin.password, SAFARI_IPHONE);
    const laptop = await signInWith(admin.email, admin.password, CHROME_LINUX);
    const listed = await laptop.call('/api/user/sessions');
    expect(listed.status).toBe(200);
    const byId = new Map(listed.body.map((session: { id: string }) => [session.id, session]));
    expect(byId.get(sessionKeyOf(laptop).id)).toMatchObject({ device: 'Chrome 131 on Linux', current: true });
    expect(byId.get(sessionKeyOf(phone).id)).toMatchObject({ device: 'Safari 17 on iOS', current: false });
    for (const session of listed.body) {
      expect(Date.parse(session.createdAt)).toBeGreaterThan(functionsNow() - 5 * 60_000);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
    expect(listed.body.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  });

  it("'Sign out' of another session ends it: its cookie is 401 from then on; another user's session id is 404", async () => {
    const admin = await registerOrganization();
    const other = await login(admin.email, admin.password);
    const ended = await admin.call(`/api/user/sessions/${sessionKeyOf(other).id}`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect((await other.call('/api/user')).status).toBe(401);
    expect((await admin.call('/api/user')).status).toBe(200);

    const stranger = await registerOrganization();
    expect((await stranger.call(`/api/user/sessions/${sessionKeyOf(admin).id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it("'Sign out all other sessions' ends every other session and keeps this one", async () => {
    const admin = await registerOrganization();
    const others = [await login(admin.email, admin.password), await login(admin.email, admin.password)];
    await stepUp(admin);
    const revoked = await admin.call('/api/user/sessions/revoke-others', { method: 'POST' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ count: 2 });
    for (const other of others) expect((await other.call('/api/user')).status).toBe(401);
    const listed = await admin.call('/api/user/sessions');
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].current).toBe(true);
  });

  it('a new sign-in on the same browser replaces its old session', async () => {
    const admin = await registerOrganization();
    const again = await request('/api/login', {
      body: { username: admin.email, password: admin.password },
      cookie: admin.cookie,
    });
    expect(again.status).toBe(200);
    expect((await admin.call('/api/user')).status).toBe(401);
    const listed = await request('/api/user/sessions', { cookie: sessionCookieOf(again) });
    expect(listed.body).toHaveLength(1);
  });

  it('a session unused for 2 hours has ended, even within its 7 days (issue 39, idle timeout)', async () => {
    const admin = await registerOrganization();
    await setSession(admin, { lastUsedAt: functionsNow() - 2 * HOUR + 60_000 });
    expect((await admin.call('/api/user')).status).toBe(200);
    await setSession(admin, { lastUsedAt: functionsNow() - 2 * HOUR - 1000 });
    expect((await admin.call('/api/user')).status).toBe(401);
  });

  it('in an organization that requires two-factor, a session unused for 30 minutes has ended (issue 39, idle timeout)', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    expect((await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: true } })).status).toBe(
      200,
    );
    await setSession(admin, { lastUsedAt: functionsNow() - 29 * MINUTE });
    expect((await admin.call('/api/user')).status).toBe(200);
    await setSession(admin, { lastUsedAt: functionsNow() - 30 * MINUTE - 1000 });
    expect((await admin.call('/api/user')).status).toBe(401);
  }, 60_000);

  it('the 30-second unread-count poll is answered while the session lives but is not a use: it neither slides the idle end nor keeps the session alive', async () => {
    const admin = await registerOrganization();
    const { db, tableName } = testTable();
    const { PK, SK } = sessionKeyOf(admin);
    const lastUsedAt = async () =>
      (await db.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }))).Item!.lastUsedAt as number;

    const idleSince = functionsNow() - HOUR;
    await setSession(admin, { lastUsedAt: idleSince });
    const poll = await admin.call('/api/notifications/unread/count');
    expect(poll.status).toBe(200);
    expect(poll.body).toEqual({ count: 0 });
    // The session load and the count's Query (docs/decisions/102): no write of the session.
    expect(poll.dbCalls).toBe(2);
    expect(poll.dbWrittenKeys).toEqual([]);
    expect(await lastUsedAt()).toBe(idleSince);

    // Past the idle limit the poll ends too: the page learns it is signed out.
    await setSession(admin, { lastUsedAt: functionsNow() - 2 * HOUR - 1000 });
    expect((await admin.call('/api/notifications/unread/count')).status).toBe(401);
  });

  it('a use slides the idle end at most every 5 minutes, so reads stay one round trip', async () => {
    const admin = await registerOrganization();
    const { db, tableName } = testTable();
    const { PK, SK } = sessionKeyOf(admin);
    const read = async () => (await db.send(new GetCommand({ TableName: tableName, Key: { PK, SK } }))).Item!;

    const fresh = await admin.call('/api/user');
    expect(fresh.dbCalls).toBe(1);
    const before = (await read()).lastUsedAt as number;
    expect((await admin.call('/api/user')).dbCalls).toBe(1);
    expect((await read()).lastUsedAt).toBe(before);

    await setSession(admin, { lastUsedAt: functionsNow() - 5 * MINUTE - 1000 });
    const sliding = await admin.call('/api/user');
    expect(sliding.status).toBe(200);
    expect(sliding.dbCalls).toBe(2);
    const after = await read();
    expect(after.lastUsedAt).toBeGreaterThan(functionsNow() - 60_000);
    expect(after.ttl).toBeGreaterThan(Date.now() / 1000 + 1.9 * 3600);
  });

  it('a session past its 7 days has ended, however recently used', async () => {
    const admin = await registerOrganization();
    await setSession(admin, { expiresAt: functionsNow() - 1000, lastUsedAt: functionsNow() });
    expect((await admin.call('/api/user')).status).toBe(401);
  });

  it('an ill-shaped session id is 404 before any database call', async () => {
    const admin = await registerOrganization();
    const response = await admin.call(`/api/user/sessions/${'x'.repeat(1100)}`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(response.dbCalls).toBe(0);
  });
});
