import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { organizationKeys } from '../../../functions/organization/keys';
import { projectKeys } from '../../../functions/projects/keys';
import { sessionCollections } from '../../../functions/sessions/keys';
import { userKeys } from '../../../functions/user/keys';
import { type SignedIn, login, registerOrganization, request, uniqueEmail } from '../support/api';
import { eventually } from '../support/eventually';
import { tokenFromMail, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

interface Entry {
  id: string;
  username: string;
  fullName: string;
  avatarUrl: string | null;
  currentRole: { role: string };
}

const listUsers = async (admin: SignedIn) => (await admin.call<Entry[]>('/api/organization/users')).body;
// The answer is an Entry on success and an error body otherwise.
const saveUser = (admin: SignedIn, body: Record<string, unknown>) =>
  admin.call('/api/organization/users', { method: 'POST', body });
const removeUser = (admin: SignedIn, userId: string) => admin.call(`/api/organization/users/${userId}`, { method: 'DELETE' });

async function stored(key: { PK: string; SK: string }) {
  const { db, tableName } = testTable();
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}
/** The session items stored for a user, live or not. */
async function storedSessionsOf(userId: string) {
  const { db, tableName } = testTable();
  const { PK, prefix } = sessionCollections.sessionsOfUser(userId);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}
const adminCountOf = async (orgId: string) => (await stored(organizationKeys.organization(orgId)))?.adminCount as number;

/** A second admin, added through the API (which keeps adminCount). */
async function addAdmin(admin: SignedIn, fullName = 'Second Admin'): Promise<SignedIn> {
  const email = uniqueEmail('admin2');
  expect((await saveUser(admin, { username: email, fullName, password: 'admin2-password', role: 'admin' })).status).toBe(201);
  return login(email, 'admin2-password');
}

describe('GET /api/organization/users', () => {
  it('lists the users of the caller’s organization as {id, username, fullName, avatarUrl, currentRole:{role}}', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Sam Staff' });
    await registerOrganization({ fullName: 'Other Org Admin' });
    const listing = await admin.call<Entry[]>('/api/organization/users');
    expect(listing.status).toBe(200);
    expect(listing.dbCalls).toBeLessThanOrEqual(2);
    expect(listing.body).toHaveLength(2);
    expect(listing.body).toEqual(
      expect.arrayContaining([
        {
          id: admin.user.id,
          username: admin.email,
          fullName: 'Ada Admin',
          avatarUrl: null,
          currentRole: { role: 'admin' },
          mfaEnabled: false,
        },
        {
          id: staff.user.id,
          username: staff.email,
          fullName: 'Sam Staff',
          avatarUrl: null,
          currentRole: { role: 'staff' },
          mfaEnabled: false,
        },
      ]),
    );
    expect(JSON.stringify(listing.body)).not.toContain('passwordHash');
  });

  it('answers 403 to staff and 401 without a session', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    expect((await staff.call('/api/organization/users')).status).toBe(403);
    expect((await request('/api/organization/users')).status).toBe(401);
  });
});

describe('POST /api/organization/users', () => {
  it('creates a user of the caller’s organization (201) who can then sign in', async () => {
    const admin = await registerOrganization();
    const email = uniqueEmail('new');
    const created = await saveUser(admin, { username: email, fullName: ' Nina New ', password: 'nina-password', role: 'staff' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: email,
      fullName: 'Nina New',
      avatarUrl: null,
      currentRole: { role: 'staff' },
    });
    const nina = await login(email, 'nina-password');
    expect(nina.orgId).toBe(admin.orgId);
    expect(nina.user.roles[0]!.role).toBe('staff');
    expect((await listUsers(admin)).map((user) => user.id)).toContain(created.body.id);
  });

  it('needs a password to create a user', async () => {
    const admin = await registerOrganization();
    const refused = await saveUser(admin, { username: uniqueEmail(), fullName: 'No Password', role: 'staff' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ password: 'Password must be at least 6 characters' });
    expect(await listUsers(admin)).toHaveLength(1);
  });

  it('updates the user of the caller’s organization with that email (any case): name, role, and password when given', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Sam Staff' });
    const renamed = await saveUser(admin, { username: staff.email.toUpperCase(), fullName: 'Samantha Staff', role: 'staff' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      id: staff.user.id,
      username: staff.email,
      fullName: 'Samantha Staff',
      avatarUrl: null,
      currentRole: { role: 'staff' },
    });
    // No password sent: the current one still works.
    await expect(login(staff.email, staff.password)).resolves.toBeDefined();

    const withPassword = await saveUser(admin, {
      username: staff.email,
      fullName: 'Samantha Staff',
      role: 'staff',
      password: 'reset-password',
    });
    expect(withPassword.status).toBe(200);
    expect((await request('/api/login', { body: { username: staff.email, password: staff.password } })).status).toBe(401);
    await expect(login(staff.email, 'reset-password')).resolves.toBeDefined();
    // A password set by an admin ends the user's sessions.
    expect((await staff.call('/api/user')).status).toBe(401);
  });

  it('answers 409 for a verified email of another organization and changes nothing', async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization({ fullName: 'Olga Other' });
    // Verified, so that the refusal is for a proved account (an unverified one is refused alike: invitation-limits.test.ts, decision 097).
    const verifyToken = tokenFromMail(await waitForMail(other.email, 'Verify your email address'), '/verify-email');
    expect((await request('/api/email-verification/confirm', { body: { token: verifyToken } })).status).toBe(200);
    const refused = await saveUser(admin, {
      username: other.email,
      fullName: 'Hijacked',
      password: 'hijack-password',
      role: 'staff',
    });
    expect(refused.status).toBe(409);
    expect((await other.call('/api/user')).body).toMatchObject({
      fullName: 'Olga Other',
      roles: [{ role: 'admin', organization: { id: other.orgId } }],
    });
    await expect(login(other.email, other.password)).resolves.toBeDefined();
    expect(await listUsers(admin)).toHaveLength(1);
  });

  it('promoting staff to admin raises adminCount; the new admin may manage users', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    expect((await staff.call('/api/organization/users')).status).toBe(403);
    const promoted = await saveUser(admin, { username: staff.email, fullName: 'Sam Staff', role: 'admin' });
    expect(promoted.body.currentRole).toEqual({ role: 'admin' });
    expect(await adminCountOf(admin.orgId)).toBe(2);
    expect((await staff.call('/api/organization/users')).status).toBe(200);
  });

  it('notifies a user whose role another admin changed, naming the new role', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    await saveUser(admin, { username: staff.email, fullName: 'Sam Staff', role: 'admin' });
    const notifications = (await staff.call('/api/notifications')).body;
    expect(notifications).toEqual([
      expect.objectContaining({
        title: 'Your role has changed',
        content: expect.stringContaining('Administrator'),
        linkUrl: null,
        isRead: false,
      }),
    ]);
    expect((await staff.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });

    // A change that keeps the role notifies nobody; the acting admin never gets one.
    await saveUser(admin, { username: staff.email, fullName: 'Sam Renamed', role: 'admin' });
    expect((await staff.call('/api/notifications')).body).toHaveLength(1);
    await saveUser(admin, { username: staff.email, fullName: 'Sam Renamed', role: 'staff' });
    const after = (await staff.call('/api/notifications')).body;
    expect(after).toHaveLength(2);
    expect(after[0].content).toContain('Staff');
    expect((await admin.call('/api/notifications')).body).toEqual([]);
  });

  it("refuses an admin demoting themself (403: one's own account is not edited here)", async () => {
    const admin = await registerOrganization();
    const refused = await saveUser(admin, { username: admin.email, fullName: 'Ada Admin', role: 'staff' });
    expect(refused.status).toBe(403);
    expect((await admin.call('/api/user')).body.roles[0].role).toBe('admin');
    expect(await adminCountOf(admin.orgId)).toBe(1);
  });

  it('of two admins demoting each other at the same time, exactly one succeeds and one admin remains', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await registerOrganization({ fullName: 'First Admin' });
      const second = await addAdmin(first);
      const [a, b] = await Promise.all([
        saveUser(first, { username: second.email, fullName: 'Second Admin', role: 'staff' }),
        saveUser(second, { username: first.email, fullName: 'First Admin', role: 'staff' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      const roles = (await listUsers(a.status === 200 ? first : second)).map((user) => user.currentRole.role).sort();
      expect(roles).toEqual(['admin', 'staff']);
      expect(await adminCountOf(first.orgId)).toBe(1);
    }
  });

  it('of 10 adds of one new email at the same time, one creates the user and the rest update or are told to try again: none fails', async () => {
    const admin = await registerOrganization();
    const username = uniqueEmail('raced');
    const body = { username, fullName: 'Rae Raced', password: 'rae-raced-password', role: 'staff' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => saveUser(admin, body)));
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    expect(
      statuses.every((status) => [200, 201, 409].includes(status)),
      JSON.stringify(statuses),
    ).toBe(true);
    for (const answer of answers.filter((each) => each.status === 409))
      expect(answer.body).toEqual({ message: 'This user was changed by someone else at the same time. Please try again.' });
    expect((await listUsers(admin)).filter((user) => user.username === username)).toHaveLength(1);
    // The user count is the arrivals' events' figures, added by the stream consumer a moment later.
    const counted = await eventually(
      async () => (await stored(organizationKeys.organization(admin.orgId)))?.userCount,
      (count) => count === 2,
    );
    expect(counted).toBe(2);
  });

  it('ignores fields a request may not set (ids, organization)', async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization();
    const email = uniqueEmail();
    const created = await saveUser(admin, {
      username: email,
      fullName: 'Ivy Ignored',
      password: 'ivy-password',
      role: 'staff',
      id: other.user.id,
      orgId: other.orgId,
      organization: { id: other.orgId },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(other.user.id);
    expect((await login(email, 'ivy-password')).orgId).toBe(admin.orgId);
    expect(await listUsers(other)).toHaveLength(1);
  });

  it('answers the user dialog messages of section 5', async () => {
    const admin = await registerOrganization();
    const refused = await saveUser(admin, { username: 'not-an-email', fullName: 'A', password: '12345', role: 'owner' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      username: 'Please enter a valid email address',
      fullName: 'Full name must be at least 2 characters',
      password: 'Password must be at least 6 characters',
      role: 'Role must be either admin or staff',
    });
    const tooLong = await saveUser(admin, {
      username: uniqueEmail(),
      fullName: 'Long Password',
      password: 'x'.repeat(73),
      role: 'staff',
    });
    expect(tooLong.body.fieldErrors).toEqual({ password: 'Password must be at most 72 bytes' });
    expect(await listUsers(admin)).toHaveLength(1);
  });

  it('answers 403 to staff and changes nothing', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const refused = await saveUser(staff, { username: staff.email, fullName: 'Self Promoted', role: 'admin' });
    expect(refused.status).toBe(403);
    expect((await staff.call('/api/user')).body.roles[0].role).toBe('staff');
    expect(
      (await saveUser(staff, { username: uniqueEmail(), fullName: 'Sneaky', password: 'sneaky-pw', role: 'staff' })).status,
    ).toBe(403);
    expect(await listUsers(admin)).toHaveLength(2);
  });
});

describe('DELETE /api/organization/users/{userId}', () => {
  it('removes the user, ends their sessions, frees their email and takes them out of every project', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Leaving Lee' });
    const keeper = await addMemberDirectly(admin.orgId, { fullName: 'Keeping Kim' });
    const projects: string[] = [];
    for (const name of ['Alpha', 'Beta']) {
      const project = await admin.call('/api/projects', { method: 'POST', body: { name } });
      projects.push(project.body.id);
      expect(
        (
          await admin.call(`/api/projects/${project.body.id}/members`, {
            method: 'PUT',
            body: { memberIds: [staff.user.id, keeper.user.id] },
          })
        ).status,
      ).toBe(200);
    }
    const untouched = await admin.call('/api/projects', { method: 'POST', body: { name: 'Gamma' } });
    await admin.call(`/api/projects/${untouched.body.id}/members`, { method: 'PUT', body: { memberIds: [keeper.user.id] } });

    expect(await storedSessionsOf(staff.user.id)).toHaveLength(1);
    const removed = await removeUser(admin, staff.user.id);
    expect(removed.status).toBe(200);
    expect(removed.headers.get('content-type')).toContain('application/json');

    expect((await staff.call('/api/user')).status).toBe(401);
    expect(await storedSessionsOf(staff.user.id)).toEqual([]);
    expect((await request('/api/login', { body: { username: staff.email, password: staff.password } })).status).toBe(401);
    expect((await listUsers(admin)).map((user) => user.id)).not.toContain(staff.user.id);
    // Their projects are left after the request, from its event (issue 62, item 3).
    for (const id of projects) {
      const detail = await eventually(
        () => admin.call(`/api/projects/${id}`),
        (answer) => answer.body.members.length === 1,
      );
      expect(detail.body.members.map((member: { id: string }) => member.id)).toEqual([keeper.user.id]);
      expect((await stored(projectKeys.projectMembers(admin.orgId, id)))?.memberIds).toEqual([keeper.user.id]);
    }
    expect((await stored(projectKeys.projectMembers(admin.orgId, untouched.body.id)))?.memberIds).toEqual([keeper.user.id]);
    expect(await stored(userKeys.email(staff.email))).toBeUndefined();

    // The email is free again.
    const again = await saveUser(admin, {
      username: staff.email,
      fullName: 'Lee Returns',
      password: 'returns-password',
      role: 'staff',
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(staff.user.id);
  });

  it('deletes the user’s avatar with them', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const avatarUrl = (await staff.call('/api/user/avatar', { body: { avatarUrl: png } })).body.avatarUrl as string;
    expect((await request(avatarUrl)).status).toBe(200);
    await removeUser(admin, staff.user.id);
    expect((await request(avatarUrl)).status).toBe(404);
  });

  it('refuses an admin removing themself (400)', async () => {
    const admin = await registerOrganization();
    await addAdmin(admin);
    const refused = await removeUser(admin, admin.user.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You cannot remove yourself');
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it('removing another admin lowers adminCount; of two admins removing each other at once, one remains', async () => {
    const first = await registerOrganization();
    const second = await addAdmin(first);
    const third = await addAdmin(first, 'Third Admin');
    expect(await adminCountOf(first.orgId)).toBe(3);
    expect((await removeUser(first, third.user.id)).status).toBe(200);
    expect(await adminCountOf(first.orgId)).toBe(2);

    const [a, b] = await Promise.all([removeUser(first, second.user.id), removeUser(second, first.user.id)]);
    // The loser is refused as the last admin (403), or, when the winner's removal ended its
    // sessions before its own request was read, as signed out (401).
    const [winner, loser] = [a.status, b.status].sort();
    expect(winner).toBe(200);
    expect([401, 403]).toContain(loser);
    const survivors = await listUsers(a.status === 200 ? first : second);
    expect(survivors.map((user) => user.currentRole.role)).toEqual(['admin']);
    expect(await adminCountOf(first.orgId)).toBe(1);
  });

  it('answers 404 for a user of another organization and changes nothing', async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization();
    const theirStaff = await addMemberDirectly(other.orgId);
    expect((await removeUser(admin, theirStaff.user.id)).status).toBe(404);
    expect((await removeUser(admin, 'no-such-user')).status).toBe(404);
    expect((await theirStaff.call('/api/user')).status).toBe(200);
    expect(await listUsers(other)).toHaveLength(2);
  });

  it('answers 403 to staff and changes nothing', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const colleague = await addMemberDirectly(admin.orgId);
    expect((await removeUser(staff, colleague.user.id)).status).toBe(403);
    expect((await removeUser(staff, admin.user.id)).status).toBe(403);
    expect(await listUsers(admin)).toHaveLength(3);
  });
});
