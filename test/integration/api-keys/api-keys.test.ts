import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { addMemberDirectly, addUserThroughApi } from '../support/org-members';
import { testTable } from '../support/table';
import { stepUp } from '../support/two-factor';

const KEYS = '/api/organization/api-keys';
const ALL_SCOPES = ['projects:read', 'projects:write', 'comments:read', 'comments:write', 'people:read'];

async function createKey(admin: SignedIn, body: { name: string; scopes: string[]; expiresInDays?: number | null }) {
  await stepUp(admin);
  const created = await admin.call(KEYS, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; key: string; name: string; scopes: string[]; expiresAt: string | null };
}

/** A request with the key and no cookie, as an integration's server sends it. */
const withKey = (key: string, path: string, options: { method?: string; body?: unknown } = {}) =>
  request(path, { ...options, headers: { authorization: `Bearer ${key}` } });

describe('API keys: an admin creates and revokes them', () => {
  it('answers 201 with the key shown once (gw_live_), lists it without the key, records its last use, and audits the creation', async () => {
    const admin = await registerOrganization();
    const created = await createKey(admin, {
      name: '  CRM sync  ',
      scopes: ['projects:read', 'projects:write'],
      expiresInDays: 30,
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'CRM sync',
      scopes: ['projects:read', 'projects:write'],
      key: expect.stringMatching(/^gw_live_[0-9A-Z]+_[0-9A-Z]+_[0-9A-Z]+_[0-9a-f]{64}$/),
      createdAt: expect.any(String),
      createdBy: { id: admin.user.id, fullName: admin.user.fullName },
      expiresAt: expect.any(String),
      lastUsedAt: null,
    });
    const days =
      (Date.parse(created.expiresAt!) - Date.parse((created as unknown as { createdAt: string }).createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const listed = await admin.call(KEYS);
    expect(listed.body).toEqual([{ ...created, key: undefined, lastUsedAt: null }].map(({ key: _key, ...rest }) => rest));
    expect(JSON.stringify(listed.body)).not.toContain(created.key);

    expect((await withKey(created.key, '/api/projects')).status).toBe(200);
    expect((await admin.call(KEYS)).body[0].lastUsedAt).toEqual(expect.any(String));
    expect(await storedAuditEntries(admin.orgId, 'api_key.created')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'api_key', id: created.id, label: 'CRM sync' },
      }),
    ]);
  });

  it('asks the admin to confirm it is them first (403 STEP_UP_REQUIRED), refuses staff, and says what is wrong with the fields', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call(KEYS, { body: { name: 'CRM', scopes: ['projects:read'] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await staff.call(KEYS, { body: { name: 'CRM', scopes: ['projects:read'] } })).status).toBe(403);
    expect((await staff.call(KEYS)).status).toBe(403);
    await stepUp(admin);
    const bad = await admin.call(KEYS, { body: { name: ' ', scopes: ['billing:write'], expiresInDays: 400 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: 'Enter a name of 1 to 100 characters, such as CRM sync',
      'scopes.0': 'Choose at least one thing the key may do',
      expiresInDays: 'Choose an expiry of 1 to 365 days, or none',
    });
    const none = await admin.call(KEYS, { body: { name: 'CRM', scopes: [] } });
    expect(none.body.fieldErrors).toEqual({ scopes: 'Choose at least one thing the key may do' });
    expect((await admin.call(KEYS)).body).toEqual([]);
  });

  it('a revoked key is refused at once with 401, and the revocation is audited; another organization’s key id is 404', async () => {
    const [admin, other] = await Promise.all([registerOrganization(), registerOrganization()]);
    const { id, key } = await createKey(admin, { name: 'Sheet', scopes: ['projects:read'] });
    const theirs = await createKey(other, { name: 'Theirs', scopes: ['projects:read'] });
    expect((await withKey(key, '/api/projects')).status).toBe(200);
    await stepUp(admin);
    expect((await admin.call(`${KEYS}/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.call(`${KEYS}/${id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await withKey(key, '/api/projects');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(
      'The API key is unknown, expired or revoked, or its creator is no longer an admin of the organization.',
    );
    expect(await storedAuditEntries(admin.orgId, 'api_key.revoked')).toHaveLength(1);
    expect((await withKey(theirs.key, '/api/projects')).status).toBe(200);
  });
});

describe('A key calls the routes its scopes name, as the organization', () => {
  it('creates, changes and comments on a project as “API key: <name>” in activity and comments, and reads them back', async () => {
    const admin = await registerOrganization();
    const { key } = await createKey(admin, { name: 'CRM', scopes: ALL_SCOPES });
    const created = await withKey(key, '/api/projects', { body: { name: 'Deal 42 launch' } });
    expect(created.status).toBe(201);
    const path = `/api/projects/${created.body.id}`;
    expect((await withKey(key, path, { method: 'PATCH', body: { status: 'in_progress' } })).status).toBe(200);
    const comment = await withKey(key, `${path}/comments`, { body: { text: 'Deal closed in the CRM.', mentions: [] } });
    expect(comment.status).toBe(201);
    expect(comment.body.author).toEqual(expect.objectContaining({ fullName: 'API key: CRM' }));

    const activity = await admin.call(`${path}/activity`);
    expect(
      activity.body.entries.map((entry: { actor: { fullName: string }; action: string }) => [entry.actor.fullName, entry.action]),
    ).toEqual([
      ['API key: CRM', 'commented'],
      ['API key: CRM', 'status_changed'],
      ['API key: CRM', 'created'],
    ]);
    expect((await admin.call(path)).body.name).toBe('Deal 42 launch');
    const read = await withKey(key, `${path}/comments`);
    expect(read.status).toBe(200);
    expect((await withKey(key, '/api/organization-users')).status).toBe(200);
  });

  it('403 for a scope it lacks; a person’s and an admin’s routes are never reached; 401 for no key, an unknown one, or a malformed one', async () => {
    const admin = await registerOrganization();
    const { key } = await createKey(admin, { name: 'Reader', scopes: ['projects:read'] });
    const project = (await admin.call('/api/projects', { body: { name: 'Read only' } })).body;
    const refusedWrite = await withKey(key, '/api/projects', { body: { name: 'Nope' } });
    expect(refusedWrite.status).toBe(403);
    expect(refusedWrite.body.message).toBe('This API key does not have the projects:write scope.');
    expect((await withKey(key, `/api/projects/${project.id}/comments`)).status).toBe(403);
    for (const path of [
      '/api/user',
      '/api/user/sessions',
      '/api/organization/users',
      KEYS,
      '/api/organization/audit-log',
      '/api/dashboard',
    ]) {
      const answer = await withKey(key, path);
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, 'An API key cannot call this route.']);
    }
    const revokeAttempt = await withKey(key, `${KEYS}/${project.id}`, { method: 'DELETE' });
    expect(revokeAttempt.status).toBe(403);

    expect((await request('/api/projects')).status).toBe(401);
    const unknown = key.replace(/[0-9a-f]{64}$/, 'a'.repeat(64));
    expect((await withKey(unknown, '/api/projects')).status).toBe(401);
    expect((await withKey('gw_live_nonsense', '/api/projects')).status).toBe(401);
    // Another organization's id in the key finds no key there.
    const other = await registerOrganization();
    expect((await withKey(key.replace(admin.orgId, other.orgId), '/api/projects')).status).toBe(401);
  });

  it('a key past its expiry is 401, decided by the stored time', async () => {
    const admin = await registerOrganization();
    const { id, key } = await createKey(admin, { name: 'Short-lived', scopes: ['projects:read'], expiresInDays: 1 });
    expect((await withKey(key, '/api/projects')).status).toBe(200);
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `ORG#${admin.orgId}`, SK: `API_KEY#${id}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': '2020-01-01T00:00:00.000Z' },
      }),
    );
    expect((await withKey(key, '/api/projects')).status).toBe(401);
  });

  it('a key whose creator was demoted is refused with 401; another admin’s key keeps working', async () => {
    const owner = await registerOrganization();
    const second = await addUserThroughApi(owner, 'Bea Second', 'admin');
    const ownersKey = await createKey(owner, { name: 'Owner’s', scopes: ['projects:read'] });
    const secondsKey = await createKey(second, { name: 'Second’s', scopes: ['projects:read'] });
    expect((await withKey(secondsKey.key, '/api/projects')).status).toBe(200);
    const demoted = await owner.call('/api/organization/users', {
      body: { username: second.email, fullName: 'Bea Second', role: 'staff' },
    });
    expect(demoted.status).toBe(200);
    expect((await withKey(secondsKey.key, '/api/projects')).status).toBe(401);
    expect((await withKey(ownersKey.key, '/api/projects')).status).toBe(200);
  });
});

describe('A key costs what a session costs', () => {
  it('GET /api/projects and a project’s detail take the same DynamoDB round trips with a key as with the admin’s session (the key is read with the route’s own items)', async () => {
    const admin = await registerOrganization();
    const { key } = await createKey(admin, { name: 'Counted', scopes: ['projects:read'] });
    const project = (await admin.call('/api/projects', { body: { name: 'Counted' } })).body;
    // The first use records the key's last use: the figure is that of a key in steady use.
    expect((await withKey(key, '/api/projects')).status).toBe(200);
    for (const path of ['/api/projects', `/api/projects/${project.id}`]) {
      const [bySession, byKey] = [await admin.call(path), await withKey(key, path)];
      expect([path, byKey.status, byKey.dbCalls]).toEqual([path, 200, bySession.dbCalls]);
    }
  });
});

describe('A key’s own limit, told by RateLimit headers', () => {
  it('every answer carries RateLimit-Policy and RateLimit; past 120 requests a minute it is 429 with Retry-After, and another key is not held back', async () => {
    const admin = await registerOrganization();
    const { key } = await createKey(admin, { name: 'Busy', scopes: ['projects:read'] });
    const other = await createKey(admin, { name: 'Quiet', scopes: ['projects:read'] });
    const first = await withKey(key, '/api/projects');
    expect(first.headers.get('ratelimit-policy')).toBe('"api-key";q=120;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"api-key";r=119;t=\d+$/);
    // A refusal carries them too.
    const refused = await withKey(key, '/api/user');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('ratelimit')).toMatch(/^"api-key";r=\d+;t=\d+$/);

    // Each warm function counts on its own and tells the key's shared counter at least once a second: the
    // requests it lets through stay within the limit and a few of the other functions' unsynced ones.
    const statuses: number[] = [];
    for (let sent = 0; sent < 11 && !statuses.includes(429); sent += 1) {
      const batch = await Promise.all(Array.from({ length: 12 }, () => withKey(key, '/api/projects')));
      statuses.push(...batch.map((answer) => answer.status));
    }
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeGreaterThan(100);
    expect(served).toBeLessThanOrEqual(120);
    const past = await withKey(key, '/api/projects');
    expect(past.status).toBe(429);
    expect(past.body.message).toBe('This API key made more than 120 requests in a minute. Wait and try again.');
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(past.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
    expect((await withKey(other.key, '/api/projects')).status).toBe(200);
  });
});
