import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { passkeyKeys } from '../../../functions/passkeys/keys';
import { PASSKEY_NOT_FOUND } from '../../../functions/passkeys/messages';
import { STEP_UP_REQUIRED } from '../../../shared/messages';
import { MFA_REQUIRED_BY_ORGANIZATION } from '../../../shared/messages';
import { SIGN_IN_EXPIRED } from '../../../shared/schemas/mfa';
import { PASSKEY_EXPIRED, PASSKEY_NOT_ACCEPTED, PASSKEY_NOT_ADDED } from '../../../shared/schemas/passkeys';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, registerOrganization, request, sessionCookieSet } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { addPasskey, sendSignIn, signInOptions, signInWithPasskey, storedPasskey } from '../support/passkeys';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { testTable } from '../support/table';
import { enrol, passwordStep, stepUp } from '../support/two-factor';

const userIdOf = (user: SignedIn) => user.user.id;

// Each test meets cold starts of the passkey functions (the WebAuthn library loads with them) on a shared machine.
describe('passkeys (issue 41)', { timeout: 90_000 }, () => {
  it('adds a passkey after the step-up, lists it, mails the owner and writes an audit entry; then it signs in without a password', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call('/api/user/passkeys/options', { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(STEP_UP_REQUIRED);

    const authenticator = await addPasskey(admin, 'Work laptop');
    const listed = await admin.call('/api/user/passkeys');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    await waitForMail(admin.email, 'A passkey was added');
    expect(await storedAuditEntries(admin.orgId, 'passkey.added')).toMatchObject([
      { actor: { id: userIdOf(admin) }, details: { passkey: 'Work laptop' } },
    ]);

    const signedIn = await signInWithPasskey(authenticator);
    expect(signedIn.user).toMatchObject({ id: userIdOf(admin), username: admin.email, mfaSetupRequired: false });
    expect((await signedIn.call('/api/projects')).status).toBe(200);
    const afterUse = await signedIn.call('/api/user/passkeys');
    expect(afterUse.body[0].lastUsedAt).toEqual(expect.any(String));
    expect(await storedAuditEntries(admin.orgId, 'session.signed_in')).toEqual(
      expect.arrayContaining([expect.objectContaining({ details: { method: 'passkey' } })]),
    );
  });

  it('signs in with an Ed25519 passkey as with an ES256 one', async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin, 'Security key', new SoftwareAuthenticator('Ed25519'));
    expect((await signInWithPasskey(authenticator)).user.id).toBe(userIdOf(admin));
  });

  it('refuses a replayed or expired challenge, for adding and for signing in, and writes nothing', async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin);

    // The same sign-in answer twice: the challenge was used by the first.
    const answer = authenticator.get(await signInOptions());
    expect((await sendSignIn(answer)).status).toBe(200);
    const replayed = await sendSignIn(answer);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({ message: PASSKEY_EXPIRED });
    expect(sessionCookieSet(replayed)).toBe(false);

    // A challenge past its 5 minutes.
    const options = await signInOptions();
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: passkeyKeys.webAuthnChallenge(options.challenge),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': functionsNow() - 1 },
      }),
    );
    const expired = await sendSignIn(authenticator.get(options));
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: PASSKEY_EXPIRED });

    // A registration answer sent again adds nothing.
    await stepUp(admin);
    const creation = await admin.call('/api/user/passkeys/options', { method: 'POST' });
    const second = new SoftwareAuthenticator().create(creation.body);
    expect((await admin.call('/api/user/passkeys', { body: { name: 'Phone', response: second } })).status).toBe(201);
    const again = await admin.call('/api/user/passkeys', { body: { name: 'Phone again', response: second } });
    expect(again.status).toBe(400);
    expect((await admin.call('/api/user/passkeys')).body.map((passkey: { name: string }) => passkey.name).sort()).toEqual([
      'Phone',
      'Test laptop',
    ]);
  });

  it('refuses an answer for another origin or relying party (a phishing site), and a malformed one, with nothing written', async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin);
    const before = await storedPasskey(admin, authenticator.credentials[0]!.id);

    for (const overrides of [
      { origin: 'https://growthwise.example.net' },
      { rpId: 'growthwise.example.net' },
      { userVerified: false },
    ]) {
      const refused = await sendSignIn(authenticator.get(await signInOptions(), overrides));
      expect(refused.status, JSON.stringify(overrides)).toBe(401);
      expect(refused.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
      expect(sessionCookieSet(refused)).toBe(false);
    }
    expect(await storedPasskey(admin, authenticator.credentials[0]!.id)).toEqual(before);

    const malformed = await sendSignIn({
      id: 'x',
      rawId: 'x',
      type: 'public-key',
      response: { clientDataJSON: 'not base64url!' },
    });
    expect(malformed.status).toBe(400);
    expect((await sendSignIn('nonsense')).status).toBe(400);

    // Registration from another origin is refused too.
    await stepUp(admin);
    const creation = await admin.call('/api/user/passkeys/options', { method: 'POST' });
    const phished = await admin.call('/api/user/passkeys', {
      body: {
        name: 'Phished',
        response: new SoftwareAuthenticator().create(creation.body, { origin: 'https://growthwise.example.net' }),
      },
    });
    expect(phished.status).toBe(400);
    expect(phished.body).toEqual({ message: PASSKEY_NOT_ADDED });
    expect((await admin.call('/api/user/passkeys')).body).toHaveLength(1);
  });

  it('refuses a signed answer whose counter went back (a copied key) and tells the owner', async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin, 'Old phone');
    await signInWithPasskey(authenticator);
    await signInWithPasskey(authenticator);
    const counter = authenticator.credentials[0]!.counter;

    const cloned = await sendSignIn(authenticator.get(await signInOptions(), { counter: counter - 1 }));
    expect(cloned.status).toBe(401);
    expect(cloned.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
    expect(sessionCookieSet(cloned)).toBe(false);
    expect((await storedPasskey(admin, authenticator.credentials[0]!.id))?.counter).toBe(counter);
    await waitForMail(admin.email, 'A copy of your Growthwise passkey may exist');
    expect(await storedAuditEntries(admin.orgId, 'session.sign_in_failed')).toMatchObject([
      { details: { reason: 'passkey_counter_went_back', passkey: 'Old phone' } },
    ]);
  });

  it("refuses a removed passkey and another user's: removal mails the owner, another's id is not found", async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin, 'Tablet');
    const other = await registerOrganization();
    await stepUp(other);
    const [passkey] = (await admin.call('/api/user/passkeys')).body;
    const foreign = await other.call(`/api/user/passkeys/${passkey.id}`, { method: 'DELETE' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: PASSKEY_NOT_FOUND });

    const removed = await admin.call(`/api/user/passkeys/${passkey.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: passkey.id });
    expect((await admin.call('/api/user/passkeys')).body).toEqual([]);
    await waitForMail(admin.email, 'A passkey was removed');
    expect(await storedAuditEntries(admin.orgId, 'passkey.removed')).toHaveLength(1);

    const refused = await sendSignIn(authenticator.get(await signInOptions()));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
  });

  it("stands as the member's second factor where the organization requires two-factor: password, then the passkey", async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    expect((await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { requireMfa: true } })).status).toBe(
      200,
    );
    const member = await addMemberDirectly(admin.orgId);
    expect((await member.call('/api/projects')).body).toEqual({ message: MFA_REQUIRED_BY_ORGANIZATION });

    // Adding a passkey is open before the required setup, and meets the requirement.
    const authenticator = await addPasskey(member, 'Member laptop');
    expect((await member.call('/api/user')).body).toMatchObject({ mfaEnabled: false, mfaSetupRequired: false });
    expect((await member.call('/api/projects')).status).toBe(200);

    const first = await request('/api/login', { body: { username: member.email, password: member.password } });
    expect(first.body).toEqual({ mfaRequired: true, factors: ['passkey'] });
    const pending = await passwordStep(member.email, member.password);

    // Another user's passkey does not answer this sign-in's challenge.
    const stranger = await addPasskey(await registerOrganization(), 'Stranger');
    const options = await request('/api/login/mfa/passkey/options', { method: 'POST', cookie: pending });
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentials[0]!.id })]);
    const foreign = await request('/api/login/mfa/passkey', {
      body: { response: stranger.get(options.body, { credential: stranger.credentials[0]! }) },
      cookie: pending,
    });
    expect(foreign.status).toBe(401);
    expect(sessionCookieSet(foreign)).toBe(false);

    const again = await request('/api/login/mfa/passkey/options', { method: 'POST', cookie: pending });
    const second = await request('/api/login/mfa/passkey', {
      body: { response: authenticator.get(again.body) },
      cookie: pending,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: userIdOf(member), mfaSetupRequired: false });
    expect(sessionCookieSet(second)).toBe(true);
    // The pending sign-in is used up.
    const reused = await request('/api/login/mfa/passkey/options', { method: 'POST', cookie: pending });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: SIGN_IN_EXPIRED });
  });

  it('is offered beside the authenticator code for an account with two-factor on', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    await addPasskey(admin);
    const first = await request('/api/login', { body: { username: admin.email, password: admin.password } });
    expect(first.body).toEqual({ mfaRequired: true, factors: ['code', 'passkey'] });
  });
});
