import { describe, expect, it } from 'vitest';
import { PASSKEY_NOT_ACCEPTED, PASSKEY_NOT_ADDED } from '../../../shared/schemas/passkeys';
import { registerOrganization, sessionCookieSet } from '../support/api';
import { addPasskey, sendSignIn, signInOptions, storedPasskey } from '../support/passkeys';
import { type BackupFlags, SoftwareAuthenticator } from '../support/software-authenticator';
import { stepUp } from '../support/two-factor';

const DEVICE_BOUND: BackupFlags = { eligible: false, backedUp: false };
const SYNCED: BackupFlags = { eligible: true, backedUp: true };
/** Backed up, yet not eligible for backup: no authenticator may say so (WebAuthn §6.1.3). */
const CONTRADICTORY: BackupFlags = { eligible: false, backedUp: true };

// Each test meets cold starts of the passkey functions (the WebAuthn library loads with them) on a shared machine.
describe("a passkey's backup flags (issue 41: checked as the WebAuthn spec says)", { timeout: 90_000 }, () => {
  it('refuses a sign-in whose backup eligibility changed since the passkey was added, either way, with nothing written', async () => {
    const admin = await registerOrganization();
    const securityKey = await addPasskey(admin, 'Security key', new SoftwareAuthenticator('ES256', DEVICE_BOUND));
    const synced = await addPasskey(admin, 'Synced phone', new SoftwareAuthenticator('ES256', SYNCED));
    const keyCredential = securityKey.credentials[0]!;
    const syncedCredential = synced.credentials[0]!;
    expect(await storedPasskey(admin, keyCredential.id)).toMatchObject({ deviceType: 'singleDevice', backedUp: false });
    expect(await storedPasskey(admin, syncedCredential.id)).toMatchObject({ deviceType: 'multiDevice', backedUp: true });
    const before = [await storedPasskey(admin, keyCredential.id), await storedPasskey(admin, syncedCredential.id)];

    const keyNowSynced = await sendSignIn(securityKey.get(await signInOptions(), { backup: SYNCED }));
    const syncedNowBound = await sendSignIn(synced.get(await signInOptions(), { backup: DEVICE_BOUND }));
    for (const refused of [keyNowSynced, syncedNowBound]) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
      expect(sessionCookieSet(refused)).toBe(false);
    }
    expect([await storedPasskey(admin, keyCredential.id), await storedPasskey(admin, syncedCredential.id)]).toEqual(before);

    // With the flags they were added with, both sign in.
    expect((await sendSignIn(securityKey.get(await signInOptions()))).status).toBe(200);
    expect((await sendSignIn(synced.get(await signInOptions()))).status).toBe(200);
  });

  it('keeps the backup state as it changes, and refuses an answer backed up without being eligible, at sign-in and when adding', async () => {
    const admin = await registerOrganization();
    // Eligible, not yet backed up: the state may change later and is kept.
    const phone = await addPasskey(admin, 'New phone', new SoftwareAuthenticator('ES256', { eligible: true, backedUp: false }));
    const credential = phone.credentials[0]!;
    expect(await storedPasskey(admin, credential.id)).toMatchObject({ deviceType: 'multiDevice', backedUp: false });
    expect((await sendSignIn(phone.get(await signInOptions(), { backup: SYNCED }))).status).toBe(200);
    expect(await storedPasskey(admin, credential.id)).toMatchObject({ deviceType: 'multiDevice', backedUp: true });

    // A device-bound passkey whose answer says it is backed up.
    const securityKey = await addPasskey(admin, 'Security key', new SoftwareAuthenticator('ES256', DEVICE_BOUND));
    const before = await storedPasskey(admin, securityKey.credentials[0]!.id);
    const contradictory = await sendSignIn(securityKey.get(await signInOptions(), { backup: CONTRADICTORY }));
    expect(contradictory.status).toBe(401);
    expect(contradictory.body).toEqual({ message: PASSKEY_NOT_ACCEPTED });
    expect(sessionCookieSet(contradictory)).toBe(false);
    expect(await storedPasskey(admin, securityKey.credentials[0]!.id)).toEqual(before);

    // Adding one with the same contradiction.
    await stepUp(admin);
    const creation = await admin.call('/api/user/passkeys/options', { method: 'POST' });
    const added = await admin.call('/api/user/passkeys', {
      body: { name: 'Odd key', response: new SoftwareAuthenticator().create(creation.body, { backup: CONTRADICTORY }) },
    });
    expect(added.status).toBe(400);
    expect(added.body).toEqual({ message: PASSKEY_NOT_ADDED });
    expect((await admin.call('/api/user/passkeys')).body.map((passkey: { name: string }) => passkey.name).sort()).toEqual([
      'New phone',
      'Security key',
    ]);
  });
});
