import { describe, expect, it } from 'vitest';
import { REQUIREMENT_NEEDS_OWN_MFA } from '../../../functions/mfa/messages';
import { PASSKEY_NOT_ACCEPTED } from '../../../shared/schemas/passkeys';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { addPasskey, sendSignIn, signInOptions, signInWithPasskey, storedPasskey } from '../support/passkeys';

const requireMfa = (admin: SignedIn, value: boolean) =>
  admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: value } });
const twoFactorShown = async (admin: SignedIn, user: SignedIn) =>
  ((await admin.call('/api/organization/users')).body as { id: string; mfaEnabled: boolean }[]).find(
    (listed) => listed.id === user.user.id,
  )?.mfaEnabled;

// Each test meets cold starts of the passkey functions (the WebAuthn library loads with them) on a shared machine.
describe('a passkey as the two-factor an organization requires (issue 41)', { timeout: 90_000 }, () => {
  it('lets an admin whose factor is a passkey require two-factor; without any factor it is still refused', async () => {
    const admin = await registerOrganization();
    expect((await requireMfa(admin, true)).body).toEqual({
      message: REQUIREMENT_NEEDS_OWN_MFA,
      fieldErrors: { requireMfa: REQUIREMENT_NEEDS_OWN_MFA },
    });

    const authenticator = await addPasskey(admin, 'Admin laptop');
    const turnedOn = await requireMfa(admin, true);
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body).toMatchObject({ requireMfa: true });
    // The admin who required it still gets in: password, then the passkey.
    expect((await request('/api/login', { body: { username: admin.email, password: admin.password } })).body).toEqual({
      mfaRequired: true,
      factors: ['passkey'],
    });
    expect((await signInWithPasskey(authenticator)).user).toMatchObject({ id: admin.user.id, mfaSetupRequired: false });
  });

  it("shows two-factor On for a member whose factor is a passkey, and an admin's reset removes their passkeys", async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    await addPasskey(admin, 'Admin laptop');
    const member = await addMemberDirectly(admin.orgId, { fullName: 'Pat Phone-Lost' });
    const authenticator = await addPasskey(member, 'Lost phone');

    // Where nothing requires two-factor, a passkey alone is a second way in, not a factor.
    expect(await twoFactorShown(admin, member)).toBe(false);
    expect((await requireMfa(admin, true)).status).toBe(200);
    expect(await twoFactorShown(admin, member)).toBe(true);

    const reset = await admin.call(`/api/organization/users/${member.user.id}/mfa`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(await twoFactorShown(admin, member)).toBe(false);
    expect(await storedPasskey(member, authenticator.credentials[0]!.id)).toBeUndefined();
    expect((await member.call('/api/user')).status).toBe(401);
    expect(await storedAuditEntries(admin.orgId, 'mfa.reset')).toMatchObject([
      { actor: { id: admin.user.id }, target: { id: member.user.id }, details: { passkeysRemoved: 1 } },
    ]);
    await waitForMail(member.email, 'Your Growthwise two-factor authentication was reset');

    // The lost passkey no longer signs in; the password does, into the required setup.
    const refused = await sendSignIn(authenticator.get(await signInOptions()));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
    const again = await request('/api/login', { body: { username: member.email, password: member.password } });
    expect(again.body).toMatchObject({ id: member.user.id, mfaEnabled: false, mfaSetupRequired: true });
  });
});
