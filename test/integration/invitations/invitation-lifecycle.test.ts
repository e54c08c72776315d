import { describe, expect, inject, it } from 'vitest';
import { auditLogKeys } from '../../../functions/audit-log/keys';
import { invitationKeys } from '../../../functions/invitations/keys';
import { hashToken } from '../../../functions/security/mail-tokens';
import { INVALID_INVITATION } from '../../../shared/schemas/invitations';
import { INVITATION_ALREADY_PENDING } from '../../../shared/schemas/organization-invitations';
import { SESSION_HINT_COOKIE } from '../../../shared/session-hint';
import { login, registerOrganization, request, sessionCookieOf, uniqueEmail } from '../support/api';
import { randomClientAddress } from '../support/client-address';
import { eventually } from '../support/eventually';
import { tokenFromMail, uniqueAddress, waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { outboxItemsTo, testTable } from '../support/table';
import { startWithinOneWindow } from '../support/throttle-window';
import { INVITE_PATH, accept, invitationMail, invite, lookUp } from './invitation-support';

describe('invitation lifecycle through the outbox and the local inbox', () => {
  it('invites, mails the link, shows it to the invitee, accepts (signed in) and lets them sign in again', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin', organizationName: 'Lifecycle Co' });
    const email = uniqueAddress('invitee');
    const created = await invite(admin, email, 'staff');
    expect(created).toMatchObject({
      email,
      role: 'staff',
      status: 'pending',
      invitedBy: { id: admin.user.id, fullName: 'Ada Admin' },
    });
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(7 * 24 * 3600 * 1000);

    const { mail, token } = await invitationMail(email);
    expect(mail.subject).toBe('Ada Admin invited you to join Lifecycle Co on Growthwise');
    expect(mail.text).toContain(`${inject('apiUrl')}/invite#token=`);
    expect(mail.html).toContain(`href="${inject('apiUrl')}/invite#token=`);
    expect(mail.text).toContain('as Staff');
    expect(mail.text).toMatch(/expires on \w+ \d{1,2}, \d{4} at \d\d:\d\d UTC/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const looked = await lookUp(token);
    expect(looked.status).toBe(200);
    expect(looked.body).toEqual({ organizationName: 'Lifecycle Co', invitedByName: 'Ada Admin', email, role: 'staff' });

    const accepted = await accept(token, 'Ivy Invitee', 'invited-password-42');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({
      username: email,
      fullName: 'Ivy Invitee',
      emailVerified: true,
      roles: [{ role: 'staff', organization: { id: admin.orgId, name: 'Lifecycle Co' } }],
    });
    const setCookies = accepted.headers.getSetCookie().join('\n');
    expect(setCookies).toContain(`${SESSION_HINT_COOKIE}=`);
    const me = await request('/api/user', { cookie: sessionCookieOf(accepted) });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(accepted.body.id);

    const again = await login(email, 'invited-password-42');
    expect(again.user.id).toBe(accepted.body.id);
    const users = (await admin.call('/api/organization/users')).body as { username: string }[];
    expect(users.map((user) => user.username)).toContain(email);

    // Used: the link is dead, and the list shows it accepted.
    expect((await lookUp(token)).status).toBe(400);
    expect((await accept(token)).status).toBe(400);
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('accepted');
  }, 90_000);

  it('keeps the token only as a SHA-256 hash', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('hashed');
    const created = await invite(admin, email);
    const { token } = await invitationMail(email);
    const { db, tableName } = testTable();
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const tokenItem = await db.send(
      new GetCommand({ TableName: tableName, Key: invitationKeys.invitationToken(hashToken(token)) }),
    );
    expect(tokenItem.Item).toMatchObject({ invitationId: created.id, orgId: admin.orgId });
    expect(tokenItem.Item?.ttl).toBeTypeOf('number');
    const invitation = await db.send(
      new GetCommand({ TableName: tableName, Key: invitationKeys.invitation(admin.orgId, created.id) }),
    );
    expect(JSON.stringify([tokenItem.Item, invitation.Item])).not.toContain(token);
  });

  it("an admin role raises the organization's admin count: the new admin can manage users", async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('new-admin');
    await invite(admin, email, 'admin');
    const { token } = await invitationMail(email);
    const accepted = await accept(token, 'Nia Admin');
    expect(accepted.status).toBe(201);
    const newAdmin = await login(email, 'invited-password-42');
    expect((await newAdmin.call(INVITE_PATH)).status).toBe(200);
    // Two admins now: the first can be demoted by the second (the last admin could not).
    const demoted = await newAdmin.call('/api/organization/users', {
      body: { username: admin.email, fullName: 'Ada Admin', role: 'staff' },
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
  });
});

describe('resend and revoke', () => {
  it('resend voids the old link, mails a new one with a new expiry', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('resent');
    const created = await invite(admin, email);
    const first = await invitationMail(email, 1);
    const resent = await admin.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ id: created.id, status: 'pending' });
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(created.expiresAt));
    const second = await invitationMail(email, 2);
    expect(second.token).not.toBe(first.token);

    const old = await lookUp(first.token);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(INVALID_INVITATION);
    expect((await accept(first.token)).status).toBe(400);
    expect((await lookUp(second.token)).status).toBe(200);
    expect((await accept(second.token)).status).toBe(201);
  }, 60_000);

  it('lists an invitation whose mail finally failed as such, for the admins; Resend sends a new mail and the mark goes', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('undelivered');
    const created = await invite(admin, email);
    await invitationMail(email, 1);
    const { db, tableName } = testTable();
    const { GetCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const Key = invitationKeys.invitation(admin.orgId, created.id);
    const stored = (await db.send(new GetCommand({ TableName: tableName, Key }))).Item!;
    // The link's mail is the outbox item the invitation names (the one the mailer marks it by: test/integration/mail/mailer-retries.test.ts).
    const outbox = await outboxItemsTo(db, tableName, email);
    expect(outbox.map((item) => item.id)).toEqual([stored.mailId]);
    expect(outbox[0]!.invitation).toEqual({ orgId: admin.orgId, id: created.id });
    // What the mailer writes when the mail fails after its last try.
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key,
        UpdateExpression: 'SET mailFailedAt = :at',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );

    const listed = await admin.call(INVITE_PATH);
    expect(listed.body.find((invitation: { id: string }) => invitation.id === created.id)).toMatchObject({
      status: 'pending',
      mailFailedAt: expect.any(String),
    });
    const resent = await admin.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.mailFailedAt).toBeUndefined();
    await invitationMail(email, 2);
    const after = await admin.call(INVITE_PATH);
    expect(after.body.find((invitation: { id: string }) => invitation.id === created.id).mailFailedAt).toBeUndefined();
    expect((await db.send(new GetCommand({ TableName: tableName, Key }))).Item!.mailId).not.toBe(stored.mailId);
  }, 60_000);

  it('allows 3 resends an hour per invitation, then 429 with Retry-After', async () => {
    const admin = await registerOrganization();
    const created = await invite(admin, uniqueAddress('resend-limit'));
    for (let index = 0; index < 3; index += 1) {
      expect((await admin.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' })).status).toBe(200);
    }
    const refused = await admin.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('revoke kills the link at once, frees the address and keeps the invitation listed as revoked', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('revoked');
    const created = await invite(admin, email);
    const { token } = await invitationMail(email);
    const revoked = await admin.call(`${INVITE_PATH}/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, status: 'revoked' });
    expect((await lookUp(token)).status).toBe(400);
    expect((await accept(token)).status).toBe(400);
    expect((await admin.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' })).status).toBe(409);
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('revoked');
    // The address can be invited again.
    await invite(admin, email);
  });

  it('lists newest first', async () => {
    const admin = await registerOrganization();
    const a = await invite(admin, uniqueAddress('first'));
    const b = await invite(admin, uniqueAddress('second'));
    const listed = (await admin.call(INVITE_PATH)).body as { id: string }[];
    expect(listed.map((entry) => entry.id)).toEqual([b.id, a.id]);
  });
});

describe('audit log', () => {
  it('records sent, resent, revoked and accepted in the audit entries of the organization', async () => {
    const admin = await registerOrganization({ fullName: 'Audra Admin' });
    const kept = uniqueAddress('audited-kept');
    const dropped = uniqueAddress('audited-dropped');
    const keptInvitation = await invite(admin, kept, 'admin');
    const droppedInvitation = await invite(admin, dropped);
    expect((await admin.call(`${INVITE_PATH}/${keptInvitation.id}/resend`, { method: 'POST' })).status).toBe(200);
    expect((await admin.call(`${INVITE_PATH}/${droppedInvitation.id}`, { method: 'DELETE' })).status).toBe(200);
    const { token } = await invitationMail(kept, 2);
    const accepted = await accept(token, 'Kim Kept');
    expect(accepted.status).toBe(201);

    const { db, tableName } = testTable();
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { PK } = auditLogKeys.auditEntry(admin.orgId, 'x');
    const entries =
      (
        await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': PK },
          }),
        )
      ).Items ?? [];
    const invitationEntries = entries
      .filter((entry) => String(entry.action).startsWith('invitation.'))
      .map((entry) => ({ action: entry.action, actor: entry.actor.fullName, target: entry.target }));
    expect(invitationEntries).toEqual([
      { action: 'invitation.sent', actor: 'Audra Admin', target: { type: 'invitation', id: keptInvitation.id, label: kept } },
      {
        action: 'invitation.sent',
        actor: 'Audra Admin',
        target: { type: 'invitation', id: droppedInvitation.id, label: dropped },
      },
      { action: 'invitation.resent', actor: 'Audra Admin', target: { type: 'invitation', id: keptInvitation.id, label: kept } },
      {
        action: 'invitation.revoked',
        actor: 'Audra Admin',
        target: { type: 'invitation', id: droppedInvitation.id, label: dropped },
      },
      { action: 'invitation.accepted', actor: 'Kim Kept', target: { type: 'invitation', id: keptInvitation.id, label: kept } },
    ]);
  }, 60_000);
});

describe('refusals', () => {
  it("409 for an address with an account in this organization, and for a pending invitation (another organization's is quiet: invitation-limits.test.ts)", async () => {
    const admin = await registerOrganization();
    const other = await registerOrganization();
    const member = await addMemberDirectly(admin.orgId);
    for (const taken of [member.email, admin.email.toUpperCase()]) {
      const answer = await admin.call(INVITE_PATH, { body: { email: taken, role: 'staff' } });
      expect(answer.status, taken).toBe(409);
      expect(answer.body.message).toBe('An account with this email already exists');
    }
    const email = uniqueAddress('pending');
    await invite(admin, email);
    const twice = await admin.call(INVITE_PATH, { body: { email: email.toUpperCase(), role: 'admin' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(INVITATION_ALREADY_PENDING);
    // Another organization may invite the same address.
    await invite(other, email);
  });

  it('staff are refused every admin route with 403', async () => {
    const admin = await registerOrganization();
    const created = await invite(admin, uniqueAddress('staff-view'));
    const staff = await addMemberDirectly(admin.orgId);
    expect((await staff.call(INVITE_PATH)).status).toBe(403);
    expect((await staff.call(INVITE_PATH, { body: { email: uniqueEmail(), role: 'staff' } })).status).toBe(403);
    expect((await staff.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' })).status).toBe(403);
    expect((await staff.call(`${INVITE_PATH}/${created.id}`, { method: 'DELETE' })).status).toBe(403);
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('pending');
  });

  it("another organization's invitation id is 404 and stays as it was", async () => {
    const admin = await registerOrganization();
    const stranger = await registerOrganization();
    const created = await invite(admin, uniqueAddress('cross-org'));
    expect((await stranger.call(`${INVITE_PATH}/${created.id}/resend`, { method: 'POST' })).status).toBe(404);
    expect((await stranger.call(`${INVITE_PATH}/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await stranger.call(INVITE_PATH)).body).toEqual([]);
    expect((await admin.call(`${INVITE_PATH}/not-an-id`, { method: 'DELETE' })).status).toBe(404);
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('pending');
  });

  it('limits one link to 10 lookups and accepts in 15 minutes, 429 with Retry-After, while other links from the same address go on', async () => {
    // Counts to a limit of a clock-aligned window: within one window (support/throttle-window.ts).
    await startWithinOneWindow(15 * 60_000, 60_000);
    const clientAddress = randomClientAddress();
    const fromOneAddress = (path: string, body: unknown) => request(path, { body, clientAddress });
    const token = `unknown-${crypto.randomUUID()}`;
    for (let index = 0; index < 5; index += 1) {
      expect((await fromOneAddress('/api/invitations/lookup', { token })).status).toBe(400);
      expect(
        (await fromOneAddress('/api/invitations/accept', { token, fullName: 'Guess Who', password: 'guessing-password-1' }))
          .status,
      ).toBe(400);
    }
    const refused = await fromOneAddress('/api/invitations/lookup', { token });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('This invitation link was opened too often. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await fromOneAddress('/api/invitations/accept', { token, fullName: 'Guess Who', password: 'guessing-password-1' })).status,
    ).toBe(429);
    // The same address with another link, and the same link from another address, are limited by their own counts.
    expect((await fromOneAddress('/api/invitations/lookup', { token: `${token}-other` })).status).toBe(400);
    expect((await request('/api/invitations/lookup', { body: { token } })).status).toBe(429);
  }, 150_000);

  it('lets an office behind one address open 300 links in 15 minutes (150 invitees), then 429 from that address', async () => {
    await startWithinOneWindow(15 * 60_000, 90_000);
    const clientAddress = randomClientAddress();
    for (let index = 0; index < 300; index += 1) {
      expect(
        (await request('/api/invitations/lookup', { body: { token: `office-${crypto.randomUUID()}` }, clientAddress })).status,
      ).toBe(400);
    }
    const refused = await request('/api/invitations/lookup', { body: { token: `office-${crypto.randomUUID()}` }, clientAddress });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many invitation requests from this address. Please try again later.');
    expect((await request('/api/invitations/lookup', { body: { token: `office-${crypto.randomUUID()}` } })).status).toBe(400);
  }, 150_000);

  it('validates every body with field messages and writes nothing', async () => {
    const admin = await registerOrganization();
    const bad = await admin.call(INVITE_PATH, { body: { email: 'not-an-email', role: 'owner' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      email: 'Please enter a valid email address',
      role: 'Role must be either admin or staff',
    });
    expect((await admin.call(INVITE_PATH)).body).toEqual([]);

    const email = uniqueAddress('bad-accept');
    await invite(admin, email);
    const { token } = await invitationMail(email);
    const weak = await accept(token, '', '123');
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors).toMatchObject({
      fullName: 'Full name is required',
      password: 'Password must be at least 6 characters long',
    });
    const common = await accept(token, 'Common Carl', 'password123');
    expect(common.status).toBe(400);
    expect(common.body.fieldErrors).toEqual({ password: 'This password is too common. Choose a different one.' });
    expect((await lookUp('')).status).toBe(400);
    expect((await lookUp('x'.repeat(43))).body.message).toBe(INVALID_INVITATION);
    // Nothing was used up by the refusals.
    expect((await lookUp(token)).status).toBe(200);
  });
});

describe('accepting', () => {
  it('two accepts racing for one invitation make exactly one user', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('race');
    await invite(admin, email);
    const { token } = await invitationMail(email);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => accept(token, `Racer ${index}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400]);
    const users = (await admin.call('/api/organization/users')).body as { username: string }[];
    expect(users.filter((user) => user.username === email)).toHaveLength(1);
  }, 60_000);

  it('notifies the inviter and the other admins, not staff, linking to the Users tab', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin', organizationName: 'Notify Co' });
    const otherAdmin = await addMemberDirectly(admin.orgId, { role: 'admin', fullName: 'Otto Admin' });
    const staff = await addMemberDirectly(admin.orgId, { fullName: 'Sam Staff' });
    const email = uniqueAddress('joiner');
    await invite(admin, email);
    const { token } = await invitationMail(email);
    expect((await accept(token, 'Jo Joiner')).status).toBe(201);
    for (const recipient of [admin, otherAdmin]) {
      const read = async () =>
        (await recipient.call('/api/notifications')).body as { title: string; linkUrl: string | null; isRead: boolean }[];
      const notifications = await eventually(read, (list) => list.length > 0);
      expect(notifications).toEqual([
        expect.objectContaining({ title: 'Jo Joiner joined Notify Co', linkUrl: '/users?tab=users', isRead: false }),
      ]);
      expect((await recipient.call('/api/notifications/unread/count')).body).toEqual({ count: 1 });
    }
    expect((await staff.call('/api/notifications')).body).toEqual([]);
  });

  it('an address that got a verified account meanwhile is 409 and the invitation stays pending', async () => {
    const admin = await registerOrganization();
    const email = uniqueAddress('taken-later');
    const created = await invite(admin, email);
    const { token } = await invitationMail(email);
    await registerOrganization({ email });
    // Only a proved address holds it: an unverified registration gives way (docs/decisions/041).
    const verifyToken = tokenFromMail(await waitForMail(email, 'Verify your email address'), '/verify-email');
    expect((await request('/api/email-verification/confirm', { body: { token: verifyToken } })).status).toBe(200);
    const answer = await accept(token);
    expect(answer.status).toBe(409);
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === created.id)?.status).toBe('pending');
  });
});
