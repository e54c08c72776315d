import { describe, expect, inject, it } from 'vitest';
import { INVALID_LINK } from '../../../shared/messages';
import { login, registerOrganization, request, uniqueEmail } from '../support/api';
import { mailsTo, outboxSettled, tokenFromMail, waitForMail, waitForMails } from '../support/inbox';

const VERIFY_SUBJECT = 'Verify your email address for Growthwise';
const confirm = (token: string) => request('/api/email-verification/confirm', { body: { token } });

describe('email verification', () => {
  it('mails a link at registration; following it (signed out) verifies the address, once', async () => {
    const admin = await registerOrganization({ fullName: 'Vera Verify' });
    expect((await admin.call('/api/user')).body.emailVerified).toBe(false);
    const mail = await waitForMail(admin.email, VERIFY_SUBJECT);
    expect(mail.text).toContain('Hello Vera Verify,');
    expect(mail.text).toContain(`${inject('apiUrl')}/verify-email#token=`);
    expect(mail.text).toContain('You received this email because an account was registered with');
    const token = tokenFromMail(mail, '/verify-email');

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect((await admin.call('/api/user')).body.emailVerified).toBe(true);
    // Polish review, item 12: reopening the used link says the address is verified, not 'invalid'.
    const again = await confirm(token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Your email address is already verified.');
    const unknown = await confirm(`${token.slice(0, -4)}AAAA`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(INVALID_LINK);
  });

  it('resends a new link that voids the older one, at most 3 an hour (429 with Retry-After)', async () => {
    const admin = await registerOrganization();
    const first = tokenFromMail(await waitForMail(admin.email, VERIFY_SUBJECT), '/verify-email');
    for (let i = 0; i < 3; i += 1)
      expect((await admin.call('/api/email-verification/resend', { method: 'POST', body: {} })).status).toBe(200);
    const refused = await admin.call('/api/email-verification/resend', { method: 'POST', body: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const mails = (await waitForMails(admin.email, 4)).filter((mail) => mail.subject === VERIFY_SUBJECT);
    const newest = tokenFromMail(mails.at(-1)!, '/verify-email');
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(newest)).status).toBe(200);
    // Once verified, the voided link says so too.
    expect((await confirm(first)).body.message).toBe('Your email address is already verified.');
    // Verified: nothing more to send, whatever the counter says.
    const verified = await admin.call('/api/email-verification/resend', { method: 'POST', body: {} });
    expect(verified.status).toBe(400);
  });

  it('refuses a resend for a verified address, and a signed-out resend', async () => {
    const admin = await registerOrganization();
    await confirm(tokenFromMail(await waitForMail(admin.email, VERIFY_SUBJECT), '/verify-email'));
    const refused = await admin.call('/api/email-verification/resend', { method: 'POST', body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Your email address is already verified.');
    expect((await request('/api/email-verification/resend', { method: 'POST', body: {} })).status).toBe(401);
  });

  it("sends nothing when the action's transaction fails (a second registration of the same email)", async () => {
    const email = uniqueEmail('twice');
    await registerOrganization({ email });
    const second = await request('/api/register', {
      body: {
        username: email,
        password: 'secret-password',
        fullName: 'Second',
        organizationName: 'Second Org',
        plan: 'professional',
        billingCycle: 'monthly',
      },
    });
    expect(second.status).toBe(409);
    await waitForMails(email, 1);
    await outboxSettled();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('welcomes a user an admin created, naming the organization and the admin, with a sign-in link and a verification link that verifies them', async () => {
    const admin = await registerOrganization({ fullName: 'Ada Admin', organizationName: 'Welcome & Co' });
    const email = uniqueEmail('added');
    const added = await admin.call('/api/organization/users', {
      body: { username: email, fullName: 'Nina <New>', password: 'secret-password', role: 'staff' },
    });
    expect(added.status).toBe(201);
    const mail = await waitForMail(email, 'Ada Admin added you to Welcome & Co on Growthwise');
    expect(mail.text).toContain('Ada Admin added you to Welcome & Co on Growthwise.');
    expect(mail.text).toContain(`${inject('apiUrl')}/auth`);
    // HTML escaping: the name and the organization are text, never markup.
    expect(mail.html).toContain('Nina &lt;New&gt;');
    expect(mail.html).toContain('Welcome &amp; Co');
    expect(mail.html).not.toContain('<New>');
    // Polish review, item 7: the app's banner says 'We sent a link to …', so the welcome mail has one.
    expect((await confirm(tokenFromMail(mail, '/verify-email'))).status).toBe(200);
    const nina = await login(email, 'secret-password');
    expect((await nina.call<{ emailVerified: boolean }>('/api/user')).body.emailVerified).toBe(true);
  });

  it('mails "your password was changed" when a user changes it in their settings', async () => {
    const admin = await registerOrganization();
    const changed = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'another-password' },
    });
    expect(changed.status).toBe(200);
    const mail = await waitForMail(admin.email, 'Your Growthwise password was changed');
    expect(mail.text).toContain('The password of your account was just changed');
  });

  it('validates the token field', async () => {
    const missing = await request('/api/email-verification/confirm', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.token).toBeDefined();
  });
});
