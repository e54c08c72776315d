import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../../../functions/auth/keys';
import { FAILED_PROOFS_PER_USER } from '../../../functions/throttles/rules';
import { throttleCounter } from '../../../functions/throttles/throttles';
import {
  CODE_SHAPE,
  ONE_CODE,
  RECOVERY_CODE_SHAPE,
  SIGN_IN_EXPIRED,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from '../../../shared/schemas/mfa';
import { registerOrganization, request } from '../support/api';
import { randomClientAddress } from '../support/client-address';
import { functionsNow } from '../support/functions-clock';
import { waitForMail } from '../support/inbox';
import { testTable } from '../support/table';
import { startWithinOneWindow } from '../support/throttle-window';
import { enrol, passwordStep, secondStep, signInWithCode, signInWithRecoveryCode } from '../support/two-factor';

const SESSION_COOKIE = '__Host-growthwise_session';

/** The pending sign-in a pending cookie names, from its token's claims. */
function pendingKeyOf(pendingCookie: string) {
  const claims = JSON.parse(Buffer.from(pendingCookie.split('.')[1]!, 'base64url').toString()) as { sub: string; pid: string };
  return authKeys.pendingSignIn(claims.sub, claims.pid);
}

const proofFailures = async (userId: string) => {
  const { db, tableName } = testTable();
  const counter = throttleCounter(FAILED_PROOFS_PER_USER, userId, functionsNow());
  const read = await db.send(new GetCommand({ TableName: tableName, Key: counter.key, ConsistentRead: true }));
  return Number(read.Item?.count ?? 0);
};

describe('two-factor sign-in (issue 15)', () => {
  it('answers a right password with {mfaRequired: true} and a 5-minute httpOnly pending cookie, no session; the code then signs in', async () => {
    const admin = await registerOrganization({ fullName: 'Sid Signin' });
    const { authenticator } = await enrol(admin);

    const first = await request('/api/login', { body: { username: admin.email, password: admin.password } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true });
    const setCookies = first.headers.getSetCookie();
    expect(setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    const pending = setCookies.find((cookie) => cookie.startsWith('__Secure-growthwise_mfa_pending='))!;
    expect(pending).toMatch(/; HttpOnly/);
    expect(pending).toMatch(/; Secure/);
    expect(pending).toMatch(/; Max-Age=300/);
    expect(pending).toMatch(/; Path=\/api\/login\/mfa/);

    const pendingCookie = pending.split(';')[0]!;
    const second = await secondStep(pendingCookie, { code: await authenticator.nextCode() });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: admin.user.id, fullName: 'Sid Signin', mfaEnabled: true });
    const sessionCookie = second.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect((await request('/api/user', { cookie: sessionCookie.split(';')[0] })).status).toBe(200);
    // The pending cookie is cleared and used up: it does not sign in a second time.
    expect(second.headers.getSetCookie().some((cookie) => /^__Secure-growthwise_mfa_pending=;.*Max-Age=0/.test(cookie))).toBe(
      true,
    );
    const again = await secondStep(pendingCookie, { code: '123456' });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors).toEqual({ code: SIGN_IN_EXPIRED });
  }, 60_000);

  it('refuses the replay of a used time step and a code of an older step', async () => {
    const admin = await registerOrganization();
    const { authenticator } = await enrol(admin);
    const code = await authenticator.nextCode();
    await signInWithCode(admin, code);
    const replay = await secondStep(await passwordStep(admin.email, admin.password), { code });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: WRONG_CODE, fieldErrors: { code: WRONG_CODE } });
    const older = await secondStep(await passwordStep(admin.email, admin.password), {
      code: await authenticator.codeAt(authenticator.lastStep - 1),
    });
    expect(older.status).toBe(401);
  });

  it('signs in once with each recovery code, ends the other sessions and sends a mail', async () => {
    const admin = await registerOrganization({ fullName: 'Rita Recovery' });
    const { authenticator, recoveryCodes } = await enrol(admin);
    const withCode = await signInWithCode(admin, await authenticator.nextCode());

    const recovered = await signInWithRecoveryCode(admin, recoveryCodes[3]!.toUpperCase());
    expect((await recovered.call('/api/user')).status).toBe(200);
    expect((await withCode.call('/api/user')).status).toBe(401);
    const reused = await secondStep(await passwordStep(admin.email, admin.password), { recoveryCode: recoveryCodes[3]! });
    expect(reused.status).toBe(401);
    expect(reused.body.fieldErrors).toEqual({ recoveryCode: WRONG_RECOVERY_CODE });
    const mail = await waitForMail(admin.email, 'A recovery code was used to sign in to your Growthwise account');
    expect(mail.text).toContain('9 recovery codes are left');
    // Another unused one (typed without the dash) still works.
    await signInWithRecoveryCode(admin, recoveryCodes[4]!.replace('-', ''));
  }, 60_000);

  it('never accepts the pending cookie as a session, and refuses it once expired (400 with the field message)', async () => {
    const admin = await registerOrganization();
    const { authenticator } = await enrol(admin);
    const pendingCookie = await passwordStep(admin.email, admin.password);
    const token = pendingCookie.slice(pendingCookie.indexOf('=') + 1);
    expect((await request('/api/user', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(401);
    expect((await request('/api/user', { cookie: pendingCookie })).status).toBe(401);
    expect((await request('/api/projects', { cookie: `${SESSION_COOKIE}=${token}` })).status).toBe(401);

    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: pendingKeyOf(pendingCookie),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': functionsNow() - 1000 },
      }),
    );
    const expired = await secondStep(pendingCookie, { code: await authenticator.nextCode() });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: SIGN_IN_EXPIRED, fieldErrors: { code: SIGN_IN_EXPIRED } });
    const withoutCookie = await request('/api/login/mfa', { body: { recoveryCode: 'abcde-fghij' } });
    expect(withoutCookie.status).toBe(400);
    expect(withoutCookie.body.fieldErrors).toEqual({ recoveryCode: SIGN_IN_EXPIRED });
    const tampered = await secondStep(`${pendingCookie.slice(0, -2)}xx`, { code: '123456' });
    expect(tampered.status).toBe(400);
  });

  it('answers 400 with field messages for a code or recovery code of the wrong shape, never 500', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    const pendingCookie = await passwordStep(admin.email, admin.password);
    const cases: [unknown, Record<string, string>][] = [
      [{ code: '12345' }, { code: CODE_SHAPE }],
      [{ code: 'abcdef' }, { code: CODE_SHAPE }],
      [{ code: 123456 }, { code: CODE_SHAPE }],
      [{ recoveryCode: 'abc' }, { recoveryCode: RECOVERY_CODE_SHAPE }],
      [{ recoveryCode: 'abcde-fghi1' }, { recoveryCode: RECOVERY_CODE_SHAPE }],
      [{ recoveryCode: 'x'.repeat(5000) }, { recoveryCode: RECOVERY_CODE_SHAPE }],
      [{}, { code: ONE_CODE }],
      [{ code: '123456', recoveryCode: 'abcde-fghij' }, { code: ONE_CODE }],
    ];
    for (const [body, fieldErrors] of cases) {
      const refused = await secondStep(pendingCookie, body as { code?: string });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.fieldErrors).toEqual(fieldErrors);
    }
  });

  it("counts wrong codes toward the user's own proofs (then 429, even for a right code), a right code clears them, and the password step stays open", async () => {
    // Counts to a limit of a clock-aligned window: within one window (support/throttle-window.ts).
    await startWithinOneWindow(15 * 60_000, 60_000);
    const admin = await registerOrganization();
    const { authenticator, recoveryCodes } = await enrol(admin);
    const pendingCookie = await passwordStep(admin.email, admin.password);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Each from another address: the counter follows the user.
      expect((await secondStep(pendingCookie, { code: '000000' }, randomClientAddress())).status).toBe(401);
    }
    expect(await proofFailures(admin.user.id)).toBe(3);
    await signInWithCode(admin, await authenticator.nextCode());
    expect(await proofFailures(admin.user.id)).toBe(0);

    const next = await passwordStep(admin.email, admin.password);
    for (let attempt = 0; attempt < 10; attempt += 1) await secondStep(next, { recoveryCode: 'aaaaa-aaaaa' });
    const locked = await secondStep(next, { recoveryCode: recoveryCodes[0]! });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Only someone past the password can use these up, so they never close the password step (docs/decisions/040).
    expect((await request('/api/login', { body: { username: admin.email, password: admin.password } })).body).toEqual({
      mfaRequired: true,
    });
  }, 150_000);

  it('counts a wrong password on disable toward the same counter', async () => {
    const admin = await registerOrganization();
    await enrol(admin);
    const refused = await admin.call('/api/user/mfa/disable', { body: { password: 'wrong-password', code: '123456' } });
    expect(refused.status).toBe(400);
    expect(await proofFailures(admin.user.id)).toBe(1);
  });
});
