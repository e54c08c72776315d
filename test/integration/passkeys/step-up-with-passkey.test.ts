import { describe, expect, it } from 'vitest';
import { STEP_UP_REQUIRED } from '../../../shared/messages';
import { NO_PASSKEY, PASSKEY_EXPIRED, PASSKEY_NOT_CONFIRMED } from '../../../shared/schemas/passkeys';
import { login, registerOrganization } from '../support/api';
import { addPasskey, signInWithPasskey } from '../support/passkeys';

const OPTIONS = '/api/user/step-up/passkey/options';
const STEP_UP = '/api/user/step-up/passkey';
/** A security change (step-up): ending the other sessions. */
const SECURITY_CHANGE = '/api/user/sessions/revoke-others';

// Each test meets cold starts of the passkey functions (the WebAuthn library loads with them) on a shared machine.
describe("'Confirm it's you' with a passkey instead of the password (issue 41)", { timeout: 90_000 }, () => {
  it('lets a session signed in with a passkey make security changes once one of its passkeys confirms it, once per answer', async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin, 'Work laptop');
    const session = await signInWithPasskey(authenticator);
    expect((await session.call(SECURITY_CHANGE, { method: 'POST' })).body).toMatchObject({ code: STEP_UP_REQUIRED });

    const options = await session.call(OPTIONS, { method: 'POST' });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      userVerification: 'required',
      allowCredentials: [expect.objectContaining({ id: authenticator.credentials[0]!.id })],
    });
    const answer = authenticator.get(options.body);
    const confirmed = await session.call(STEP_UP, { body: { response: answer } });
    expect(confirmed.status).toBe(204);
    expect((await session.call(SECURITY_CHANGE, { method: 'POST' })).status).toBe(200);

    const replayed = await session.call(STEP_UP, { body: { response: answer } });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({ message: PASSKEY_EXPIRED });
  });

  it("refuses an answer to another session's challenge, and another user's passkey, with 400 and no step-up", async () => {
    const admin = await registerOrganization();
    const authenticator = await addPasskey(admin, 'Work laptop');
    const here = await login(admin.email, admin.password);
    const elsewhere = await login(admin.email, admin.password);

    // A challenge handed out to one session does not step up another.
    const foreignChallenge = await elsewhere.call(OPTIONS, { method: 'POST' });
    const crossed = await here.call(STEP_UP, { body: { response: authenticator.get(foreignChallenge.body) } });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ message: PASSKEY_EXPIRED });

    // Another user's passkey, answering this session's challenge: refused, and the session goes on (no 401).
    const stranger = await addPasskey(await registerOrganization(), 'Stranger');
    const options = await here.call(OPTIONS, { method: 'POST' });
    const foreign = await here.call(STEP_UP, {
      body: { response: stranger.get(options.body, { credential: stranger.credentials[0]! }) },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: PASSKEY_NOT_CONFIRMED });
    expect((await here.call(SECURITY_CHANGE, { method: 'POST' })).body).toMatchObject({ code: STEP_UP_REQUIRED });
    expect((await here.call('/api/user')).status).toBe(200);
  });

  it('has nothing to offer a user without a passkey: the password stays their way', async () => {
    const admin = await registerOrganization();
    const options = await admin.call(OPTIONS, { method: 'POST' });
    expect(options.status).toBe(400);
    expect(options.body).toEqual({ message: NO_PASSKEY });
  });
});
