import { describe, expect, it } from 'vitest';
import { CONTEXT_PASSWORD } from '../../../functions/security/password-strength';
import { COMMON_PASSWORD } from '../../../shared/schemas/fields';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { type ApiResponse, login, registerOrganization, request, uniqueEmail } from '../support/api';
import { uniqueAddress, waitForMail, tokenFromMail } from '../support/inbox';

/** Eight spaces: long enough for the minimum, and nothing but whitespace. */
const BLANK = '        ';

function expectRefused(response: ApiResponse, field: string, message = COMMON_PASSWORD) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.fieldErrors?.[field]).toBe(message);
}

/** The address's local part with a digit: the first thing anyone who knows the address tries. */
const localPartAndDigit = (email: string) => `${email.split('@')[0]}1`;

describe('every new-password field is built by newPassword (one rule for a new password)', () => {
  it('a whitespace-only password is refused by every route that sets one', async () => {
    const register = await request('/api/register', {
      body: { username: uniqueEmail('blank'), password: BLANK, fullName: 'Bea Blank', organizationName: 'Blank Org' },
    });
    expectRefused(register, 'password');

    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    expectRefused(
      await admin.call('/api/user/change-password', { body: { currentPassword: admin.password, newPassword: BLANK } }),
      'newPassword',
    );

    const staff = uniqueEmail('staff');
    expectRefused(
      await admin.call('/api/organization/users', {
        body: { username: staff, fullName: 'Sam Staff', password: BLANK, role: 'staff' },
      }),
      'password',
    );
    expect(
      (
        await admin.call('/api/organization/users', {
          body: { username: staff, fullName: 'Sam Staff', password: 'sam-is-unique-9', role: 'staff' },
        })
      ).status,
    ).toBe(201);
    expectRefused(
      await admin.call('/api/organization/users', {
        body: { username: staff, fullName: 'Sam Staff', password: BLANK, role: 'staff' },
      }),
      'password',
    );

    const invitee = uniqueAddress('invitee');
    await invite(admin, invitee);
    const { token: invitationToken } = await invitationMail(invitee);
    expectRefused(await accept(invitationToken, 'Ivy Invitee', BLANK), 'password');

    expect((await request('/api/password-reset/request', { body: { username: admin.email } })).status).toBe(200);
    const resetToken = tokenFromMail(await waitForMail(admin.email, 'Reset your Growthwise password'), '/reset-password');
    expectRefused(
      await request('/api/password-reset/confirm', { body: { token: resetToken, newPassword: BLANK } }),
      'newPassword',
    );

    // Nothing was set: the admin still signs in with the old password, the invitation and the reset link still work.
    await login(admin.email, admin.password);
    expect((await accept(invitationToken, 'Ivy Invitee', 'invited-password-42')).status).toBe(201);
    expect(
      (await request('/api/password-reset/confirm', { body: { token: resetToken, newPassword: 'brand-new-password' } })).status,
    ).toBe(200);
  }, 90_000);

  it("a password made of the account's own words is refused by every route that sets one: the product's name, the address, the name", async () => {
    const email = uniqueEmail('context');
    for (const password of ['Growthwise2026', 'growthwise!', localPartAndDigit(email), 'Cora Context 1', 'ContextCo-99'])
      expectRefused(
        await request('/api/register', {
          body: { username: email, password, fullName: 'Cora Context', organizationName: 'ContextCo' },
        }),
        'password',
        CONTEXT_PASSWORD,
      );

    const admin = await registerOrganization({ fullName: 'Ada Admin' });
    expectRefused(
      await admin.call('/api/user/change-password', {
        body: { currentPassword: admin.password, newPassword: localPartAndDigit(admin.email) },
      }),
      'newPassword',
      CONTEXT_PASSWORD,
    );
    const staff = uniqueEmail('staff');
    expectRefused(
      await admin.call('/api/organization/users', {
        body: { username: staff, fullName: 'Sam Staff', password: localPartAndDigit(staff), role: 'staff' },
      }),
      'password',
      CONTEXT_PASSWORD,
    );

    const invitee = uniqueAddress('invitee');
    await invite(admin, invitee);
    const { token: invitationToken } = await invitationMail(invitee);
    expectRefused(await accept(invitationToken, 'Ivy Invitee', localPartAndDigit(invitee)), 'password', CONTEXT_PASSWORD);

    expect((await request('/api/password-reset/request', { body: { username: admin.email } })).status).toBe(200);
    const resetToken = tokenFromMail(await waitForMail(admin.email, 'Reset your Growthwise password'), '/reset-password');
    expectRefused(
      await request('/api/password-reset/confirm', { body: { token: resetToken, newPassword: localPartAndDigit(admin.email) } }),
      'newPassword',
      CONTEXT_PASSWORD,
    );

    // Nothing was used up: the invitation and the reset link still set a password of the person's own.
    expect((await accept(invitationToken, 'Ivy Invitee', 'invited-password-42')).status).toBe(201);
    expect(
      (await request('/api/password-reset/confirm', { body: { token: resetToken, newPassword: 'brand-new-password' } })).status,
    ).toBe(200);
  }, 90_000);
});
