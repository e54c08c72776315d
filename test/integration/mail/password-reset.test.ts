import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { securityKeys } from '../../../functions/security/keys';
import { hashToken } from '../../../functions/security/mail-tokens';
import { INVALID_LINK } from '../../../shared/messages';
import { COMMON_PASSWORD } from '../../../shared/schemas/fields';
import { PASSWORD_RESET_REQUESTED } from '../../../shared/schemas/password-reset';
import { login, registerOrganization, request, uniqueEmail } from '../support/api';
import { postFrom, randomLoopbackAddress } from '../support/from-client-address';
import { functionsNow } from '../support/functions-clock';
import { mailsTo, outboxSettled, tokenFromMail, waitForMail } from '../support/inbox';
import { testTable } from '../support/table';
import { startWithinOneWindow } from '../support/throttle-window';

const RESET_SUBJECT = 'Reset your Growthwise password';

const requestReset = (username: string) => request('/api/password-reset/request', { body: { username } });
const confirmReset = (token: string, newPassword: string) =>
  request('/api/password-reset/confirm', { body: { token, newPassword } });

async function resetToken(email: string, previous = 0) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const resets = (await mailsTo(email)).filter((mail) => mail.subject === RESET_SUBJECT);
    if (resets.length > previous) return tokenFromMail(resets.at(-1)!, '/reset-password');
    if (Date.now() > deadline) throw new Error(`no reset mail number ${previous + 1} for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('password reset', () => {
  it('goes from the request through the mail in the inbox to a new password, ending every session', async () => {
    const admin = await registerOrganization({ fullName: 'Rosa Reset' });
    const requested = await requestReset(admin.email.toUpperCase());
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: PASSWORD_RESET_REQUESTED });

    const mail = await waitForMail(admin.email, RESET_SUBJECT);
    const token = tokenFromMail(mail, '/reset-password');
    // The link is built from the stage's own site URL, with the token in the fragment.
    expect(mail.text).toContain(`${inject('apiUrl')}/reset-password#token=`);
    expect(mail.html).toContain(`href="${inject('apiUrl')}/reset-password#token=`);
    expect(mail.text).toContain('You received this email because a password reset was requested for');
    expect(mail.html).toContain('Growthwise');
    expect(mail.html).not.toMatch(/<img/i);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const confirmed = await confirmReset(token, 'brand-new-password');
    expect(confirmed.status).toBe(200);
    expect((await admin.call('/api/user')).status).toBe(401);
    expect((await request('/api/login', { body: { username: admin.email, password: admin.password } })).status).toBe(401);
    await login(admin.email, 'brand-new-password');
    const changed = await waitForMail(admin.email, 'Your Growthwise password was changed');
    expect(changed.text).toContain('Hello Rosa Reset,');
  }, 90_000);

  it('mails the address the account holds, as it was registered, whatever case the request typed', async () => {
    const registered = uniqueEmail('Rosa.Mixed');
    await registerOrganization({ email: registered });
    expect((await requestReset(registered.toLowerCase())).status).toBe(200);
    const mail = await waitForMail(registered, RESET_SUBJECT);
    expect(mail.to.map((to) => to.address)).toEqual([registered]);
  });

  it('answers a known and an unknown address alike: status, body, round trips, reads and writes; only the known one gets mail', async () => {
    const admin = await registerOrganization();
    const unknown = uniqueEmail('nobody');
    const known = await requestReset(admin.email);
    const notKnown = await requestReset(unknown);
    expect(notKnown.status).toBe(known.status);
    expect(notKnown.body).toEqual(known.body);
    expect(notKnown.dbCalls).toBe(known.dbCalls);
    expect(known.dbCalls).toBe(2);
    // The account is looked up by the mailer, after the answer (docs/decisions/098): the request's own work is the same.
    expect(notKnown.dbReadUnits).toBe(known.dbReadUnits);
    expect(notKnown.dbWriteUnits).toBe(known.dbWriteUnits);
    const kinds = (keys: string[]) => keys.map((key) => key.split('#')[0]).sort();
    expect(kinds(notKnown.dbWrittenKeys)).toEqual(kinds(known.dbWrittenKeys));
    expect(known.dbWrittenKeys).toHaveLength(3);
    await waitForMail(admin.email, RESET_SUBJECT);
    await outboxSettled();
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('keeps the token only as a SHA-256 hash', async () => {
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const token = await resetToken(admin.email);
    const { db, tableName } = testTable();
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const stored = await db.send(new GetCommand({ TableName: tableName, Key: securityKeys.mailToken(hashToken(token)) }));
    expect(stored.Item).toMatchObject({ purpose: 'password-reset', userId: admin.user.id });
    expect(JSON.stringify(stored.Item)).not.toContain(token);
  });

  it('works once: a used link is refused', async () => {
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const token = await resetToken(admin.email);
    expect((await confirmReset(token, 'first-new-password')).status).toBe(200);
    const again = await confirmReset(token, 'second-new-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID_LINK, fieldErrors: { token: INVALID_LINK } });
    await login(admin.email, 'first-new-password');
  });

  it('refuses an expired link', async () => {
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const token = await resetToken(admin.email);
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: securityKeys.mailToken(hashToken(token)),
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': functionsNow() - 1000 },
      }),
    );
    expect((await confirmReset(token, 'too-late-password')).body.message).toBe(INVALID_LINK);
    await login(admin.email, admin.password);
  });

  it('tells the reset page whether its link still works, without using it: voided, used and unknown links are invalid', async () => {
    const checkLink = (token: string) => request('/api/password-reset/check', { body: { token } });
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const first = await resetToken(admin.email);
    expect(await checkLink(first)).toMatchObject({ status: 200, body: { message: 'This link is valid.' } });
    // Checking twice leaves the link as it was.
    expect((await checkLink(first)).status).toBe(200);
    await requestReset(admin.email);
    const second = await resetToken(admin.email, 1);
    expect(await checkLink(first)).toMatchObject({
      status: 400,
      body: { message: INVALID_LINK, fieldErrors: { token: INVALID_LINK } },
    });
    expect((await checkLink(second)).status).toBe(200);
    expect((await confirmReset(second, 'from-new-link')).status).toBe(200);
    expect((await checkLink(second)).status).toBe(400);
    expect((await checkLink(Buffer.alloc(32, 7).toString('base64url'))).status).toBe(400);
  });

  it('voids the older link when a newer one is requested', async () => {
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const first = await resetToken(admin.email);
    await requestReset(admin.email);
    const second = await resetToken(admin.email, 1);
    expect((await confirmReset(first, 'from-old-link')).status).toBe(400);
    expect((await confirmReset(second, 'from-new-link')).status).toBe(200);
  });

  it('throttles requests per address with 429 and Retry-After', async () => {
    const email = uniqueEmail('throttled');
    for (let i = 0; i < 5; i += 1) expect((await requestReset(email)).status).toBe(200);
    const refused = await requestReset(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('throttles requests per client address, whatever the email', async () => {
    const client = randomLoopbackAddress();
    for (let i = 0; i < 30; i += 1)
      expect((await postFrom(client, '/api/password-reset/request', { username: uniqueEmail('walk') })).status).toBe(200);
    const refused = await postFrom(client, '/api/password-reset/request', { username: uniqueEmail('walk') });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect(
      (await postFrom(randomLoopbackAddress(), '/api/password-reset/request', { username: uniqueEmail('other') })).status,
    ).toBe(200);
  });

  it('refuses a common new password under its field, and the link still works for a better one', async () => {
    const admin = await registerOrganization();
    await requestReset(admin.email);
    const token = await resetToken(admin.email);
    const common = await confirmReset(token, 'password123');
    expect(common.status).toBe(400);
    expect(common.body.fieldErrors).toEqual({ newPassword: COMMON_PASSWORD });
    expect((await confirmReset(token, 'an-uncommon-passphrase')).status).toBe(200);
    await login(admin.email, 'an-uncommon-passphrase');
  });

  it("clears the account's failed sign-ins: an account asking for codes after wrong passwords signs in directly after its reset", async () => {
    // Counts to a limit of a clock-aligned window: within one window (support/throttle-window.ts).
    await startWithinOneWindow(15 * 60_000, 60_000);
    const admin = await registerOrganization();
    const signIn = (password: string) => request('/api/login', { body: { username: admin.email, password } });
    for (let i = 0; i < 10; i += 1) expect((await signIn(`wrong-${i}`)).status).toBe(401);
    expect((await signIn(admin.password)).body).toEqual({ emailCodeRequired: true });

    await requestReset(admin.email);
    expect((await confirmReset(await resetToken(admin.email), 'after-the-lock-passphrase')).status).toBe(200);
    const after = await signIn('after-the-lock-passphrase');
    expect(after.status).toBe(200);
    expect(after.body.username).toBe(admin.email);
  }, 150_000);

  it('validates with field messages', async () => {
    const bad = await requestReset('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({ username: 'Please enter a valid email address' });
    const short = await confirmReset('x'.repeat(43), '123');
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ newPassword: 'New password must be at least 6 characters' });
    const unknownToken = await confirmReset('x'.repeat(43), 'long-enough');
    expect(unknownToken.status).toBe(400);
    expect(unknownToken.body.message).toBe(INVALID_LINK);
    expect((await request('/api/password-reset/confirm', { body: { newPassword: 'long-enough' } })).status).toBe(400);
  });
});
