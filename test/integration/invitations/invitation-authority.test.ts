import { describe, expect, it } from 'vitest';
import { INVITATION_VOIDED } from '../../../shared/messages';
import { type SignedIn, registerOrganization, uniqueEmail } from '../support/api';
import { addUserThroughApi } from '../support/org-members';
import { accept, invitationMail, invite, lookUp } from './invitation-support';

const VOIDED = { message: INVITATION_VOIDED, fieldErrors: { token: INVITATION_VOIDED } };

/** An organization with two admins; the second sends an invitation to an address they control. */
async function invitationOfSecondAdmin(role: 'admin' | 'staff' = 'admin') {
  const owner = await registerOrganization();
  const inviter = await addUserThroughApi(owner, 'Ian Inviter', 'admin');
  const email = uniqueEmail('own-address');
  await invite(inviter, email, role);
  const { token } = await invitationMail(email);
  return { owner, inviter, email, token };
}

const demote = (owner: SignedIn, inviter: SignedIn) =>
  owner.call('/api/organization/users', { body: { username: inviter.email, fullName: 'Ian Inviter', role: 'staff' } });

describe("invitations die with their inviter's rights (issue 39, finding 2)", () => {
  it('an invitation of an admin who was demoted since is refused as voided, at lookup and at acceptance', async () => {
    const { owner, inviter, token, email } = await invitationOfSecondAdmin();
    expect((await demote(owner, inviter)).status).toBe(200);

    const looked = await lookUp(token);
    expect(looked.status).toBe(400);
    expect(looked.body).toEqual(VOIDED);
    const accepted = await accept(token);
    expect(accepted.status).toBe(400);
    expect(accepted.body).toEqual(VOIDED);
    const users = await owner.call('/api/organization/users');
    expect(users.body.map((user: { username: string }) => user.username)).not.toContain(email);
  }, 60_000);

  it('an invitation of an admin who was removed since is refused as voided: they cannot come back as admin through it', async () => {
    const { owner, inviter, token } = await invitationOfSecondAdmin('admin');
    expect((await demote(owner, inviter)).status).toBe(200);
    expect((await owner.call(`/api/organization/users/${inviter.user.id}`, { method: 'DELETE' })).status).toBe(200);

    const accepted = await accept(token);
    expect(accepted.status).toBe(400);
    expect(accepted.body).toEqual(VOIDED);
    expect(accepted.headers.getSetCookie()).toEqual([]);
  }, 60_000);

  it('an invitation of an admin who is still an admin is accepted as before', async () => {
    const { token, email } = await invitationOfSecondAdmin('staff');
    expect((await lookUp(token)).status).toBe(200);
    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.username).toBe(email);
  }, 60_000);
});
