import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { invitationCollections } from '../../../functions/invitations/keys';
import {
  IDEMPOTENCY_KEY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
} from '../../../functions/middleware/idempotency';
import { middlewareKeys } from '../../../functions/middleware/keys';
import { projectCollections } from '../../../functions/projects/keys';
import { userCollections } from '../../../functions/user/keys';
import { type SignedIn, registerOrganization, uniqueEmail } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

/*
 * Idempotent creation (docs/decisions/033): POST /api/projects, POST /api/organization/users and
 * POST /api/organization/invitations take an Idempotency-Key; a retry with the key answers the first
 * result and writes nothing.
 */

const newKey = () => randomUUID();
const post = (user: SignedIn, path: string, body: unknown, key?: string) =>
  user.call(path, { method: 'POST', body, headers: key ? { 'idempotency-key': key } : {} });

async function query(collection: { PK: string; prefix: string }) {
  const { db, tableName } = testTable();
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': collection.PK, ':prefix': collection.prefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}
const projectsOf = (orgId: string) => query(projectCollections.projectsOfOrganization(orgId));
const usersOf = (orgId: string) => query(userCollections.usersOfOrganization(orgId));
const invitationsOf = (orgId: string) => query(invitationCollections.invitationsOfOrganization(orgId));

/** The record key Powertools derives for a key (the hash of route, organization, user and key, prefixed 'request'). */
function recordKeyOf(route: string, user: SignedIn, key: string) {
  const hash = createHash('sha256')
    .update(JSON.stringify([route, user.orgId, user.user.id, key]))
    .digest('base64');
  return middlewareKeys.idempotencyRecord(`request#${hash}`);
}
/** The stored record of a key, as Powertools left it. */
async function recordOf(route: string, user: SignedIn, key: string) {
  const { db, tableName } = testTable();
  return (await db.send(new GetCommand({ TableName: tableName, Key: recordKeyOf(route, user, key), ConsistentRead: true })))
    .Item!;
}

describe('POST /api/projects with an Idempotency-Key', () => {
  it('answers a retry with the same key with the first result (same status and body) and makes no second project', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const first = await post(admin, '/api/projects', { name: 'Launch' }, key);
    const retry = await post(admin, '/api/projects', { name: 'Launch' }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await projectsOf(admin.orgId)).map((project) => project.id)).toEqual([first.body.id]);
  });

  it('keeps the first result for the window: the record expires with the table TTL 24 hours later, by the real clock', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const before = Math.floor(Date.now() / 1000);
    expect((await post(admin, '/api/projects', { name: 'Launch' }, key)).status).toBe(201);
    const record = await recordOf('POST /api/projects', admin, key);
    expect(record).toMatchObject({ status: 'COMPLETED' });
    expect(record.ttl).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(record.ttl).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 24 * 3600);
  });

  it('runs a key again once its record has expired (DynamoDB may not have deleted it yet)', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const first = await post(admin, '/api/projects', { name: 'Launch' }, key);
    const record = await recordOf('POST /api/projects', admin, key);
    const { db, tableName } = testTable();
    await db.send(new PutCommand({ TableName: tableName, Item: { ...record, ttl: Math.floor(Date.now() / 1000) - 1 } }));
    const later = await post(admin, '/api/projects', { name: 'Launch' }, key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await projectsOf(admin.orgId)).toHaveLength(2);
  });

  it('refuses the same key with a different body (422) and writes nothing', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    expect((await post(admin, '/api/projects', { name: 'Launch' }, key)).status).toBe(201);
    const other = await post(admin, '/api/projects', { name: 'Another project' }, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
    expect(await projectsOf(admin.orgId)).toHaveLength(1);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const admin = await registerOrganization();
    const { db, tableName } = testTable();
    // The body's fingerprint, as a finished request with another key stored it.
    const done = newKey();
    await post(admin, '/api/projects', { name: 'Launch' }, done);
    const { validation } = await recordOf('POST /api/projects', admin, done);
    // What Powertools stores while the first request with `key` runs.
    const key = newKey();
    const now = Date.now();
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...recordKeyOf('POST /api/projects', admin, key),
          status: 'INPROGRESS',
          validation,
          ttl: Math.floor(now / 1000) + 3600,
          in_progress_expiration: now + 60_000,
        },
      }),
    );
    const second = await post(admin, '/api/projects', { name: 'Launch' }, key);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: IDEMPOTENCY_KEY_IN_PROGRESS });
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await projectsOf(admin.orgId)).toHaveLength(1);
  });

  it('never lets one user’s key answer for another: other users and other organizations with the same key create their own', async () => {
    const admin = await registerOrganization();
    const teammate = await addMemberDirectly(admin.orgId);
    const stranger = await registerOrganization();
    const key = newKey();
    const answers = [];
    for (const user of [admin, teammate, stranger]) answers.push(await post(user, '/api/projects', { name: 'Launch' }, key));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(answers.map((answer) => answer.headers.get('idempotent-replayed'))).toEqual([null, null, null]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(3);
    expect(await projectsOf(admin.orgId)).toHaveLength(2);
    expect(await projectsOf(stranger.orgId)).toHaveLength(1);
  });

  it('without the header creates a project per request, as before', async () => {
    const admin = await registerOrganization();
    const [one, two] = [
      await post(admin, '/api/projects', { name: 'Launch' }),
      await post(admin, '/api/projects', { name: 'Launch' }),
    ];
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
    expect(await projectsOf(admin.orgId)).toHaveLength(2);
  });

  it('refuses a key that is empty, too long or not visible ASCII (400)', async () => {
    const admin = await registerOrganization();
    for (const key of ['x'.repeat(256), 'with space', 'clé']) {
      const response = await admin.call('/api/projects', {
        method: 'POST',
        body: { name: 'Launch' },
        headers: { 'idempotency-key': key },
      });
      expect(response.status, key).toBe(400);
      expect(response.body).toEqual({ message: IDEMPOTENCY_KEY_INVALID });
    }
    expect(await projectsOf(admin.orgId)).toHaveLength(0);
  });

  it('keeps no result of a refused request: a key whose first request was invalid runs again', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    expect((await post(admin, '/api/projects', { name: '' }, key)).status).toBe(400);
    const fixed = await post(admin, '/api/projects', { name: 'Launch' }, key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('POST /api/organization/users with an Idempotency-Key', () => {
  it('adds the user once: the retry answers the first 201 and its body', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const body = { username: uniqueEmail('new'), fullName: 'Nia New', password: 'a-fine-password', role: 'staff' };
    const first = await post(admin, '/api/organization/users', body, key);
    const retry = await post(admin, '/api/organization/users', body, key);
    expect(first.status).toBe(201);
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await usersOf(admin.orgId)).toHaveLength(2);
  });

  it('compares the body without the password (no hash of it is stored), and refuses other changes with the same key (422)', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const body = { username: uniqueEmail('new'), fullName: 'Nia New', password: 'a-fine-password', role: 'staff' };
    const first = await post(admin, '/api/organization/users', body, key);
    const otherPassword = await post(admin, '/api/organization/users', { ...body, password: 'another-password' }, key);
    expect([otherPassword.status, otherPassword.body]).toEqual([201, first.body]);
    const otherName = await post(admin, '/api/organization/users', { ...body, fullName: 'Nia Other' }, key);
    expect([otherName.status, otherName.body]).toEqual([422, { message: IDEMPOTENCY_KEY_REUSED }]);
    const record = await recordOf('POST /api/organization/users', admin, key);
    expect(JSON.stringify(record)).not.toContain('a-fine-password');
  });
});

describe('POST /api/organization/invitations with an Idempotency-Key', () => {
  it('sends one invitation: the retry answers the first 201 and its body', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const body = { email: uniqueEmail('invitee'), role: 'staff' };
    const first = await post(admin, '/api/organization/invitations', body, key);
    const retry = await post(admin, '/api/organization/invitations', body, key);
    expect(first.status).toBe(201);
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await invitationsOf(admin.orgId)).toHaveLength(1);
  });

  it('runs a refused invitation again on retry: a 409 is not kept', async () => {
    const admin = await registerOrganization();
    const key = newKey();
    const body = { email: admin.email, role: 'staff' };
    const first = await post(admin, '/api/organization/invitations', body, key);
    const retry = await post(admin, '/api/organization/invitations', body, key);
    expect([first.status, retry.status]).toEqual([409, 409]);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });
});
