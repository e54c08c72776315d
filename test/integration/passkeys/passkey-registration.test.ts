import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { passkeyKeys } from '../../../functions/passkeys/keys';
import { ULID } from '../../../shared/ids';
import { STEP_UP_REQUIRED } from '../../../shared/messages';
import { PASSKEY_EXPIRED, PASSKEY_NOT_ADDED } from '../../../shared/schemas/passkeys';
import { type SignedIn, login, registerOrganization } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { addPasskey } from '../support/passkeys';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import { testTable } from '../support/table';
import { stepUp } from '../support/two-factor';

const OPTIONS = '/api/user/passkeys/options';
const PASSKEYS = '/api/user/passkeys';

/** The creation options of 'Add a passkey', asked for by a session that has stepped up. */
async function creationOptions(user: SignedIn) {
  await stepUp(user);
  const options = await user.call(OPTIONS, { method: 'POST' });
  expect(options.status).toBe(200);
  return options.body;
}
const passkeyNames = async (user: SignedIn) =>
  ((await user.call(PASSKEYS)).body as { name: string }[]).map((passkey) => passkey.name).sort();

// Each test meets cold starts of the passkey functions (the WebAuthn library loads with them) on a shared machine.
describe('adding a passkey (issue 41): bad answers and the step-up', { timeout: 90_000 }, () => {
  it('answers 201 with the passkey exactly as it is listed', async () => {
    const admin = await registerOrganization();
    const options = await creationOptions(admin);
    const sentAt = functionsNow();
    const added = await admin.call(PASSKEYS, {
      body: { name: 'Work laptop', response: new SoftwareAuthenticator().create(options) },
    });
    const answeredAt = functionsNow();
    expect(added.status).toBe(201);
    const [listed] = (await admin.call(PASSKEYS)).body;
    expect(added.body).toEqual({ id: listed.id, name: 'Work laptop', createdAt: listed.createdAt });
    // Our own id (a ULID), not the credential's; the time the functions stored.
    expect(added.body.id).toMatch(ULID);
    expect(added.body.createdAt).toBe(new Date(added.body.createdAt).toISOString());
    expect(Date.parse(added.body.createdAt)).toBeGreaterThanOrEqual(sentAt - 1_000);
    expect(Date.parse(added.body.createdAt)).toBeLessThanOrEqual(answeredAt + 1_000);
  });

  it('refuses an expired challenge, another user’s challenge, another relying party and a malformed answer, adding nothing', async () => {
    const admin = await registerOrganization();
    const authenticator = new SoftwareAuthenticator();

    // A challenge past its 5 minutes.
    const stale = await creationOptions(admin);
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: passkeyKeys.webAuthnChallenge(stale.challenge),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': functionsNow() - 1 },
      }),
    );
    const expired = await admin.call(PASSKEYS, { body: { name: 'Late', response: authenticator.create(stale) } });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: PASSKEY_EXPIRED });

    // A challenge handed out to another user: answering it uses it up, and adds to neither.
    const other = await registerOrganization();
    const othersOptions = await creationOptions(other);
    const crossed = await admin.call(PASSKEYS, { body: { name: 'Crossed', response: authenticator.create(othersOptions) } });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ message: PASSKEY_EXPIRED });
    const theirs = await other.call(PASSKEYS, {
      body: { name: 'Theirs', response: new SoftwareAuthenticator().create(othersOptions) },
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ message: PASSKEY_EXPIRED });
    expect(await passkeyNames(other)).toEqual([]);

    // A credential made for another relying party (a phishing site's).
    const phished = await admin.call(PASSKEYS, {
      body: { name: 'Phished', response: authenticator.create(await creationOptions(admin), { rpId: 'growthwise.example.net' }) },
    });
    expect(phished.status).toBe(400);
    expect(phished.body).toEqual({ message: PASSKEY_NOT_ADDED });

    // Answers that are not a credential at all, or a name missing.
    const fresh = authenticator.create(await creationOptions(admin));
    for (const body of [
      { name: 'Broken', response: 'nonsense' },
      { name: 'Broken', response: { ...fresh, type: 'password' } },
      { name: 'Broken', response: { ...fresh, response: { clientDataJSON: 'not base64url!', attestationObject: 'AA' } } },
      { name: '', response: fresh },
      { response: fresh },
    ]) {
      const malformed = await admin.call(PASSKEYS, { body });
      expect(malformed.status, JSON.stringify(body)).toBe(400);
    }
    expect(await passkeyNames(admin)).toEqual([]);
  });

  it('asks a session that has not stepped up lately to confirm it before adding or removing, changing nothing', async () => {
    const admin = await registerOrganization();
    await addPasskey(admin, 'Work laptop');
    const [listed] = (await admin.call(PASSKEYS)).body;
    // A new sign-in is not a step-up (docs/decisions/038).
    const elsewhere = await login(admin.email, admin.password);

    const answer = new SoftwareAuthenticator().create(await creationOptions(admin));
    const add = await elsewhere.call(PASSKEYS, { body: { name: 'Phone', response: answer } });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe(STEP_UP_REQUIRED);
    const remove = await elsewhere.call(`${PASSKEYS}/${listed.id}`, { method: 'DELETE' });
    expect(remove.status).toBe(403);
    expect(remove.body.code).toBe(STEP_UP_REQUIRED);
    expect((await admin.call(PASSKEYS)).body).toEqual([listed]);

    // Once it has stepped up, the same requests go through: the refusal used nothing up.
    await stepUp(elsewhere);
    expect((await elsewhere.call(PASSKEYS, { body: { name: 'Phone', response: answer } })).status).toBe(201);
    expect((await elsewhere.call(`${PASSKEYS}/${listed.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await passkeyNames(admin)).toEqual(['Phone']);
  });
});
