import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../../functions/user/keys';
import { CODE_SHAPE, RECOVERY_CODE, WRONG_CODE, WRONG_PASSWORD } from '../../../shared/schemas/mfa';
import { type SignedIn, login, registerOrganization, request, sessionCookieOf } from '../support/api';
import { waitForMail } from '../support/inbox';
import { testTable } from '../support/table';
import { Authenticator, enrol, signInWithCode, signInWithRecoveryCode, stepUp } from '../support/two-factor';

const storedUser = async (user: SignedIn) => {
  const { db, tableName } = testTable();
  return (
    await db.send(new GetCommand({ TableName: tableName, Key: userKeys.user(user.orgId, user.user.id), ConsistentRead: true }))
  ).Item!;
};

describe('two-factor enrolment (issue 15)', () => {
  it('sets up from a secret shown as a link, as text and as a QR code drawn by the server; a wrong code leaves it off', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    const setup = await admin.call('/api/user/mfa/setup', { method: 'POST' });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Growthwise:${encodeURIComponent(admin.email)}?secret=${setup.body.secret}&issuer=Growthwise`,
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);

    const authenticator = new Authenticator(setup.body.secret);
    const wrongCode = (await authenticator.nextCode()) === '000000' ? '111111' : '000000';
    const refused = await admin.call('/api/user/mfa/enable', { body: { code: wrongCode } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: WRONG_CODE, fieldErrors: { code: WRONG_CODE } });
    expect((await admin.call('/api/user')).body).toMatchObject({ mfaEnabled: false });
    // Still off: the password alone signs in.
    expect((await request('/api/login', { body: { username: admin.email, password: admin.password } })).body).toMatchObject({
      id: admin.user.id,
    });
  });

  it('turns on with a right code: 10 recovery codes shown once and stored as keyed hashes, the secret stored encrypted, other sessions ended, a mail sent', async () => {
    const admin = await registerOrganization({ fullName: 'Tessa Totp' });
    const otherBrowser = await login(admin.email, admin.password);
    const { authenticator, recoveryCodes } = await enrol(admin);

    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
    expect((await admin.call('/api/user')).body).toMatchObject({ mfaEnabled: true, mfaSetupRequired: false });
    expect((await otherBrowser.call('/api/user')).status).toBe(401);

    const stored = await storedUser(admin);
    const storedText = JSON.stringify(stored, (_key, value: unknown) => (value instanceof Set ? [...value] : value));
    expect(stored.mfaEnabled).toBe(true);
    expect(stored.mfaSecret).toMatch(/^v1\./);
    expect(storedText).not.toContain(authenticator.secret);
    expect(stored.mfaPendingSecret).toBeUndefined();
    expect([...(stored.mfaRecoveryCodes as Set<string>)]).toHaveLength(10);
    for (const code of recoveryCodes) expect(storedText).not.toContain(code);

    const mail = await waitForMail(admin.email, 'Two-factor authentication is on for your Growthwise account');
    expect(mail.text).toContain('Hello Tessa Totp,');
  }, 60_000);

  it('refuses a second setup while two-factor is on (409)', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    expect((await admin.call('/api/user/mfa/setup', { method: 'POST' })).status).toBe(409);
  });

  it('turns off with the password and a current code; a wrong password or a wrong code is 400 with its field', async () => {
    const admin = await registerOrganization({ fullName: 'Dora Disable' });
    const { authenticator, recoveryCodes } = await enrol(admin);
    const otherBrowser = await signInWithRecoveryCode(admin, recoveryCodes[0]!);
    const signedIn = await signInWithCode(admin, await authenticator.nextCode());

    const wrongPassword = await signedIn.call('/api/user/mfa/disable', {
      body: { password: 'not-the-password', code: '123456' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fieldErrors).toEqual({ password: WRONG_PASSWORD });
    // The code of a step already used (the last sign-in's) is refused like a wrong one.
    const replayed = await signedIn.call('/api/user/mfa/disable', {
      body: { password: admin.password, code: await authenticator.codeAt(authenticator.lastStep) },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.fieldErrors).toEqual({ code: WRONG_CODE });
    const badShape = await signedIn.call('/api/user/mfa/disable', { body: { password: admin.password, code: '12 34' } });
    expect(badShape.status).toBe(400);
    expect(badShape.body.fieldErrors).toEqual({ code: CODE_SHAPE });

    const disabled = await signedIn.call('/api/user/mfa/disable', {
      body: { password: admin.password, code: await authenticator.nextCode() },
    });
    expect(disabled.status).toBe(200);
    expect((await signedIn.call('/api/user')).body).toMatchObject({ mfaEnabled: false });
    expect((await otherBrowser.call('/api/user')).status).toBe(401);
    const stored = await storedUser(admin);
    expect(stored.mfaSecret).toBeUndefined();
    expect(stored.mfaRecoveryCodes).toBeUndefined();
    // The password alone signs in again.
    const plain = await request('/api/login', { body: { username: admin.email, password: admin.password } });
    expect(plain.status).toBe(200);
    expect(sessionCookieOf(plain)).toBeTruthy();
    const mail = await waitForMail(admin.email, 'Two-factor authentication was turned off for your Growthwise account');
    expect(mail.text).toContain('Hello Dora Disable,');
  }, 90_000);

  it('answers 400 with field messages for codes that are not 6 digits, never 500', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    await admin.call('/api/user/mfa/setup', { method: 'POST' });
    for (const code of ['12345', '1234567', 'abcdef', '', 123456, null, '１２３４５６']) {
      const refused = await admin.call('/api/user/mfa/enable', { body: { code } });
      expect(refused.status, JSON.stringify(code)).toBe(400);
      expect(refused.body.fieldErrors.code).toBe(CODE_SHAPE);
    }
    expect((await admin.call('/api/user/mfa/enable', { body: {} })).status).toBe(400);
    const notOn = await admin.call('/api/user/mfa/disable', { body: { password: admin.password, code: '123456' } });
    expect(notOn.status).toBe(400);
  });
});
