import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../../functions/user/keys';
import { STEP_UP_REQUIRED, STEP_UP_REQUIRED_MESSAGE } from '../../../shared/messages';
import { WRONG_CODE, WRONG_PASSWORD, WRONG_RECOVERY_CODE } from '../../../shared/schemas/mfa';
import { PASSWORD_OR_CODE } from '../../../shared/schemas/sessions';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, login, registerOrganization, request } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { mailsTo, tokenFromMail, waitForMail } from '../support/inbox';
import { testTable } from '../support/table';
import { enrol, passwordStep, secondStep, signInWithCode, signInWithRecoveryCode, stepUp } from '../support/two-factor';

const MINUTE = 60_000;
const STEP_UP_REFUSAL = { message: STEP_UP_REQUIRED_MESSAGE, code: STEP_UP_REQUIRED };

function sessionKeyOf(signedIn: Pick<SignedIn, 'cookie'>) {
  const claims = JSON.parse(Buffer.from(signedIn.cookie.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  return { PK: `USER#${claims.sub}`, SK: `SESSION#${claims.sid}` };
}

/** Moves the session's last step-up back in time, as if the person had confirmed it `ago` ms before now. */
async function stepUpAged(signedIn: SignedIn, ago: number) {
  const { db, tableName } = testTable();
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: sessionKeyOf(signedIn),
      UpdateExpression: 'SET steppedUpAt = :at',
      ExpressionAttributeValues: { ':at': functionsNow() - ago },
    }),
  );
}

const setUp = (user: SignedIn) => user.call('/api/user/mfa/setup', { method: 'POST' });

describe('step-up before security changes (issue 39, finding 1)', () => {
  it('a stolen session cookie alone cannot put an authenticator on the account: setup and enable answer 403 STEP_UP_REQUIRED', async () => {
    const victim = await registerOrganization();
    // Only the cookie: whoever holds it does not know the password.
    const attacker = { ...victim, password: 'not-known' };
    const setup = await setUp(attacker);
    expect(setup.status).toBe(403);
    expect(setup.body).toEqual(STEP_UP_REFUSAL);
    const enable = await attacker.call('/api/user/mfa/enable', { body: { code: '123456' } });
    expect(enable.status).toBe(403);
    expect(enable.body).toEqual(STEP_UP_REFUSAL);
    const revoke = await attacker.call('/api/user/sessions/revoke-others', { method: 'POST' });
    expect(revoke.status).toBe(403);
    expect(revoke.body).toEqual(STEP_UP_REFUSAL);

    const guessed = await attacker.call('/api/user/step-up', { body: { password: 'a-guess' } });
    expect(guessed.status).toBe(400);
    expect(guessed.body).toEqual({ message: WRONG_PASSWORD, fieldErrors: { password: WRONG_PASSWORD } });
    expect((await setUp(attacker)).status).toBe(403);
    expect((await attacker.call('/api/user')).body).toMatchObject({ mfaEnabled: false });
  });

  it('the current password opens security changes on this session for 5 minutes, and on no other session', async () => {
    const admin = await registerOrganization();
    const otherBrowser = await login(admin.email, admin.password);
    const confirmed = await admin.call('/api/user/step-up', { body: { password: admin.password } });
    expect(confirmed.status).toBe(204);
    expect(confirmed.text).toBe('');
    expect((await setUp(admin)).status).toBe(200);
    expect((await setUp(otherBrowser)).body).toEqual(STEP_UP_REFUSAL);

    await stepUpAged(admin, 4 * MINUTE);
    expect((await setUp(admin)).status).toBe(200);
    await stepUpAged(admin, 5 * MINUTE + 1000);
    expect((await setUp(admin)).body).toEqual(STEP_UP_REFUSAL);
  });

  it('a current two-factor code is a step-up too; a replayed or wrong code is refused and asks for one of the two', async () => {
    const admin = await registerOrganization();
    const { authenticator } = await enrol(admin);
    const signedIn = await signInWithCode(admin, await authenticator.nextCode());
    expect((await signedIn.call('/api/user/sessions/revoke-others', { method: 'POST' })).body).toEqual(STEP_UP_REFUSAL);

    const replayed = await signedIn.call('/api/user/step-up', {
      body: { code: await authenticator.codeAt(authenticator.lastStep) },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.fieldErrors).toEqual({ code: WRONG_CODE });
    const neither = await signedIn.call('/api/user/step-up', { body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.fieldErrors).toEqual({ password: PASSWORD_OR_CODE });

    expect((await signedIn.call('/api/user/step-up', { body: { code: await authenticator.nextCode() } })).status).toBe(204);
    expect((await signedIn.call('/api/user/sessions/revoke-others', { method: 'POST' })).status).toBe(200);
  }, 90_000);

  it('a code cannot step up an account without two-factor', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call('/api/user/step-up', { body: { code: '123456' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ code: 'Two-factor authentication is not on.' });
  });
});

describe('new recovery codes (issue 39, finding 1: viewing recovery codes needs a step-up)', () => {
  it('are a security change: 403 without a recent step-up; after it, 10 new codes replace the old ones, with a mail and an audit entry', async () => {
    const admin = await registerOrganization({ fullName: 'Rory Recovery' });
    const { authenticator, recoveryCodes: oldCodes } = await enrol(admin);
    const signedIn = await signInWithCode(admin, await authenticator.nextCode());
    const refused = await signedIn.call('/api/user/mfa/recovery-codes', { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(STEP_UP_REFUSAL);

    await stepUp(signedIn);
    const made = await signedIn.call('/api/user/mfa/recovery-codes', { method: 'POST' });
    expect(made.status).toBe(200);
    expect(made.body.recoveryCodes).toHaveLength(10);
    expect(made.body.recoveryCodes.filter((code: string) => oldCodes.includes(code))).toEqual([]);

    const old = await secondStep(await passwordStep(admin.email, admin.password), { recoveryCode: oldCodes[0]! });
    expect(old.status).toBe(401);
    expect(old.body.fieldErrors).toEqual({ recoveryCode: WRONG_RECOVERY_CODE });
    expect((await signInWithRecoveryCode(admin, made.body.recoveryCodes[0])).user.id).toBe(admin.user.id);
    expect((await waitForMail(admin.email, 'New recovery codes were made for your Growthwise account')).text).toContain(
      'Hello Rory Recovery,',
    );
    expect(await storedAuditEntries(admin.orgId, 'mfa.recovery_codes_regenerated')).toHaveLength(1);
  }, 90_000);

  it('are refused while two-factor is off', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    expect((await admin.call('/api/user/mfa/recovery-codes', { method: 'POST' })).status).toBe(400);
  });
});

describe('a password reset by email removes two-factor that no sign-in has passed yet (issue 39, finding 1)', () => {
  const RESET_SUBJECT = 'Reset your Growthwise password';
  const REMOVED_SUBJECT = 'Two-factor authentication was removed from your Growthwise account';

  async function resetPassword(email: string, newPassword: string) {
    const before = (await mailsTo(email)).filter((mail) => mail.subject === RESET_SUBJECT).length;
    expect((await request('/api/password-reset/request', { body: { username: email } })).status).toBe(200);
    const deadline = Date.now() + 15_000;
    let resets = (await mailsTo(email)).filter((mail) => mail.subject === RESET_SUBJECT);
    while (resets.length <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      resets = (await mailsTo(email)).filter((mail) => mail.subject === RESET_SUBJECT);
    }
    const confirmed = await request('/api/password-reset/confirm', {
      body: { token: tokenFromMail(resets.at(-1)!, '/reset-password'), newPassword },
    });
    expect(confirmed.status).toBe(200);
  }

  const storedUser = async (user: SignedIn) => {
    const { db, tableName } = testTable();
    return (
      await db.send(new GetCommand({ TableName: tableName, Key: userKeys.user(user.orgId, user.user.id), ConsistentRead: true }))
    ).Item!;
  };

  it('an authenticator set up today and never signed in with is removed, and the owner is mailed', async () => {
    const owner = await registerOrganization({ fullName: 'Olga Owner' });
    // What a cookie thief who got past the step-up would have done: the owner's phone is not this one.
    await enrol(owner);
    await resetPassword(owner.email, 'owners-new-password');

    const signIn = await request('/api/login', { body: { username: owner.email, password: 'owners-new-password' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.mfaRequired).toBeUndefined();
    expect(signIn.body).toMatchObject({ mfaEnabled: false });
    const stored = await storedUser(owner);
    expect(stored.mfaSecret).toBeUndefined();
    expect(stored.mfaRecoveryCodes).toBeUndefined();
    const mail = await waitForMail(owner.email, REMOVED_SUBJECT);
    expect(mail.text).toContain('Hello Olga Owner,');
  }, 90_000);

  it('keeps two-factor that a sign-in has passed since it was set up, and two-factor older than 24 hours', async () => {
    const signedInWith = await registerOrganization();
    const { authenticator } = await enrol(signedInWith);
    await signInWithCode(signedInWith, await authenticator.nextCode());
    await resetPassword(signedInWith.email, 'a-new-password-1');
    const first = await passwordStep(signedInWith.email, 'a-new-password-1');
    expect((await secondStep(first, { code: await authenticator.nextCode() })).status).toBe(200);

    const older = await registerOrganization();
    await enrol(older);
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.user(older.orgId, older.user.id),
        UpdateExpression: 'SET mfaEnabledAt = :at',
        ExpressionAttributeValues: { ':at': functionsNow() - 24 * 60 * MINUTE - 1000 },
      }),
    );
    await resetPassword(older.email, 'a-new-password-2');
    expect((await request('/api/login', { body: { username: older.email, password: 'a-new-password-2' } })).body).toEqual({
      mfaRequired: true,
    });
    // Written in the reset's own transaction as the 'password changed' mail is: that one arrived, this one was never written.
    await waitForMail(older.email, 'Your Growthwise password was changed');
    await waitForMail(signedInWith.email, 'Your Growthwise password was changed');
    for (const user of [older, signedInWith])
      expect((await mailsTo(user.email)).some((mail) => mail.subject === REMOVED_SUBJECT)).toBe(false);
  }, 120_000);
});
