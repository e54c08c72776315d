import { describe, expect, it } from 'vitest';
import { type ApiResponse, registerOrganization, request, uniqueEmail } from '../support/api';
import { mailsTo, outboxSettled, tokenFromMail, uniqueAddress, waitForMail } from '../support/inbox';
import { addUserThroughApi } from '../support/org-members';
import { startWithinOneWindow } from '../support/throttle-window';
import { verifyAddress } from '../support/verify-address';
import { INVITATION_SUBJECT, INVITE_PATH, accept, invitationMail, invite } from './invitation-support';

const TOO_MANY_INVITATIONS = 'Too many invitations were sent in the last hour. Please try again later.';
const ATTEMPT_SUBJECT = 'Someone tried to invite you';
const VERIFY_SUBJECT = 'Verify your email address';

/** The shape of an answer, its values replaced by their types: what an admin could compare. */
const shapeOf = (answer: ApiResponse) => ({
  status: answer.status,
  keys: Object.keys(answer.body).sort(),
  types: Object.values(answer.body).map((value) => typeof value),
});

describe('invitations limited and quiet (issue 39, item 4)', { timeout: 180_000 }, () => {
  it('an address with a verified account in another organization is answered like any other invitation; its owner is told, and no link is mailed', async () => {
    const outsider = await registerOrganization();
    await verifyAddress(outsider);
    const admin = await registerOrganization();
    const fresh = await admin.call(INVITE_PATH, { body: { email: uniqueAddress('fresh'), role: 'staff' } });
    const taken = await admin.call(INVITE_PATH, { body: { email: outsider.email.toUpperCase(), role: 'staff' } });
    expect(shapeOf(taken)).toEqual(shapeOf(fresh));
    expect(taken.status).toBe(201);
    expect(taken.body.status).toBe('pending');

    const told = await waitForMail(outsider.email, ATTEMPT_SUBJECT);
    expect(told.text).toContain('You already have an account');
    // The sender's words reach no one: neither the organization's nor the admin's name is in it.
    expect(told.text).not.toContain(admin.user.fullName);
    await outboxSettled();
    expect((await mailsTo(outsider.email)).filter((mail) => mail.subject.includes(INVITATION_SUBJECT))).toEqual([]);

    // The list and a resend behave as for any pending invitation; the resend tells the owner again.
    const listed = (await admin.call(INVITE_PATH)).body as { id: string; status: string }[];
    expect(listed.find((entry) => entry.id === taken.body.id)?.status).toBe('pending');
    const resent = await admin.call(`${INVITE_PATH}/${taken.body.id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    await waitForMail(outsider.email, ATTEMPT_SUBJECT);
    await expect
      .poll(async () => (await mailsTo(outsider.email)).filter((mail) => mail.subject.includes(ATTEMPT_SUBJECT)).length, {
        timeout: 15_000,
      })
      .toBe(2);
  });

  it('inside the same organization the admin still gets 409 for a member', async () => {
    const admin = await registerOrganization();
    const member = await addUserThroughApi(admin, 'Mia Member');
    const answer = await admin.call(INVITE_PATH, { body: { email: member.email, role: 'staff' } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('An account with this email already exists');
  });

  it('one admin sends at most 30 invitation mails an hour, resends included: then 429 with Retry-After, even in a parallel burst', async () => {
    await startWithinOneWindow(60 * 60_000, 120_000);
    const admin = await registerOrganization();
    const first = await invite(admin, uniqueEmail('first'));
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => admin.call(INVITE_PATH, { body: { email: uniqueEmail('burst'), role: 'staff' } })),
    );
    expect(burst.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(29);
    const refused = burst.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe(TOO_MANY_INVITATIONS);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const resend = await admin.call(`${INVITE_PATH}/${first.id}/resend`, { method: 'POST' });
    expect(resend.status).toBe(429);
    expect(resend.body.message).toBe(TOO_MANY_INVITATIONS);
    // Another organization's admin is not affected.
    await invite(await registerOrganization(), uniqueEmail('elsewhere'));
  });

  it("an organization's admins together send at most 100 invitation mails an hour", async () => {
    await startWithinOneWindow(60 * 60_000, 120_000);
    const owner = await registerOrganization();
    const admins = [owner, ...(await Promise.all([1, 2, 3].map((index) => addUserThroughApi(owner, `Admin ${index}`, 'admin'))))];
    const answers = (
      await Promise.all(
        admins.map(async (admin) => {
          const sent: ApiResponse[] = [];
          for (let i = 0; i < 30; i += 1)
            sent.push(await admin.call(INVITE_PATH, { body: { email: uniqueEmail('org-limit'), role: 'staff' } }));
          return sent;
        }),
      )
    ).flat();
    expect(answers.filter((answer) => answer.status === 201).length).toBe(100);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(20);
  });
});

describe("registering someone else's address needs proof before it holds it (issue 39, item 13)", { timeout: 120_000 }, () => {
  it("an unverified registration never blocks an invitation: the owner accepts and signs in, the registration's password does not", async () => {
    const email = uniqueAddress('squatted');
    const squatter = await registerOrganization({ email, password: 'squatters-password' });
    const admin = await registerOrganization();
    await invite(admin, email);
    const { token } = await invitationMail(email);
    const accepted = await accept(token, 'Rightful Owner', 'owners-own-password');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.roles[0].organization.id).toBe(admin.orgId);

    const owner = await request('/api/login', { body: { username: email, password: 'owners-own-password' } });
    expect(owner.status).toBe(200);
    expect(owner.body.roles[0].organization.id).toBe(admin.orgId);
    expect((await request('/api/login', { body: { username: email, password: squatter.password } })).status).toBe(401);
    // The registration's verification link, mailed to the owner, no longer proves anything.
    const verifyToken = tokenFromMail(await waitForMail(email, VERIFY_SUBJECT), '/verify-email');
    expect((await request('/api/email-verification/confirm', { body: { token: verifyToken } })).status).toBe(400);
  });

  it("an admin's Add User never takes the address of a registration not yet verified, in any case: 409, and its owner still signs in (issue 63, finding 1)", async () => {
    const email = uniqueAddress('fresh-add');
    const owner = await registerOrganization({ email, password: 'owners-password-1' });
    const admin = await registerOrganization();
    for (const username of [email, email.toUpperCase()]) {
      const added = await admin.call('/api/organization/users', {
        body: { username, fullName: 'Not The Owner', password: 'added-password-1', role: 'staff' },
      });
      expect(added.status, username).toBe(409);
      expect(added.body.message).toBe('An account with this email already exists');
    }
    const signedIn = await request('/api/login', { body: { username: email, password: 'owners-password-1' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.roles[0].organization.id).toBe(owner.orgId);
    expect((await request('/api/login', { body: { username: email, password: 'added-password-1' } })).status).toBe(401);
  });

  it('a verified registration holds its address: Add User elsewhere is 409; a second registration is 409 either way', async () => {
    const owner = await registerOrganization();
    const racer = await request('/api/register', {
      body: { username: owner.email, password: 'another-passphrase', fullName: 'Racer', organizationName: 'Racer Org' },
    });
    expect(racer.status).toBe(409);
    await verifyAddress(owner);
    const admin = await registerOrganization();
    const added = await admin.call('/api/organization/users', {
      body: { username: owner.email, fullName: 'Not Them', password: 'added-password-1', role: 'staff' },
    });
    expect(added.status).toBe(409);
  });
});
