import type { CDPSession, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { test as base, expect, signIn, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

interface VirtualAuthenticator {
  /**
   * Whether the person answers the browser's passkey prompts. Off, the autofill's request on the
   * email field waits, as it does until someone picks a passkey there (the virtual authenticator
   * would otherwise answer it at once).
   */
  answers: (enabled: boolean) => Promise<unknown>;
}

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator that holds
 * discoverable credentials, verifies the user and answers without a touch, as a laptop's
 * fingerprint reader would once the person has put their finger on it.
 */
const test = base.extend<{ virtualAuthenticator: (page: Page) => Promise<VirtualAuthenticator> }>({
  // eslint-disable-next-line no-empty-pattern
  virtualAuthenticator: async ({}, use) => {
    const sessions: CDPSession[] = [];
    await use(async (page) => {
      const cdp = await page.context().newCDPSession(page);
      sessions.push(cdp);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      return { answers: (enabled) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }) };
    });
    // The worker's tab outlives the test (decision 080), and so would the authenticator and its passkeys:
    // the next test's sign-in page had the autofill answered with this test's passkey ('Login failed').
    // A session of a context the test closed is gone already.
    for (const cdp of sessions)
      await cdp
        .send('WebAuthn.disable')
        .then(() => cdp.detach())
        .catch(() => undefined);
  },
});

/** 'Add a passkey' on the Security tab (or the required-setup screen), confirming the password when asked. */
async function addPasskey(page: Page, password: string, name: string) {
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await confirm.getByLabel('Password').fill(password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toasts(page).filter({ hasText: `${name} can now sign you in.` })).toBeVisible();
}

test.describe('passkeys (issue 41)', () => {
  test('add a passkey in settings, sign out, sign in with it', async ({ signedInPage: page, account, virtualAuthenticator }) => {
    // Two page loads, three passkey ceremonies with the first calls of their functions, a step-up and
    // an accessibility scan: past 30 s on a loaded machine (31 s at a load of 25 on 2 cores, every step steady).
    test.slow();
    const authenticator = await virtualAuthenticator(page);
    await page.goto('/user-settings?tab=security');
    // The browser and system are offered as the name.
    await expect(page.getByLabel('Passkey name')).toHaveValue(/Chrome on /);
    await addPasskey(page, account.password, 'Work laptop');
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem', { name: 'Work laptop' })).toContainText(
      'Never used',
    );
    await expectNoSeriousA11yViolations(page);

    expect((await page.request.post('/api/logout')).status()).toBe(200);
    await authenticator.answers(false);
    await page.goto('/auth?next=%2Fuser-settings%3Ftab%3Dsecurity');
    // The spec's field, with the browser's passkey autofill on it.
    await expect(page.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
    await authenticator.answers(true);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // The deep link after sign-in, as with a password.
    await expect(page).toHaveURL(/\/user-settings\?tab=security$/);
    await expect(page.getByText(`Welcome back, ${account.fullName}!`, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem', { name: 'Work laptop' })).toContainText(
      'Last used',
    );

    // Removing asks first, then 'Confirm it's you' on this session.
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
    await ask.getByRole('button', { name: 'Remove passkey' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    // A passkey sign-in is not a step-up (docs/decisions/038): it is asked for, and the passkey confirms it instead of the password (056).
    await expect(confirm.getByLabel('Password')).toBeVisible();
    await confirm.getByRole('button', { name: 'Use a passkey instead' }).click();
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test('a member of an organization that requires two-factor sets up a passkey, then signs in with password and passkey', async ({
    signedInPage: admin,
    account,
    browser,
    virtualAuthenticator,
  }) => {
    // Two people, two browsers, a two-factor setup and two sign-ins.
    test.slow();
    // The admin has two-factor (through the API, as the Security tab does) and requires it; a staff member has none.
    expect((await admin.request.post('/api/user/step-up', { data: { password: account.password } })).status()).toBe(204);
    const setup = await (await admin.request.post('/api/user/mfa/setup')).json();
    expect(
      (await admin.request.post('/api/user/mfa/enable', { data: { code: await generate({ secret: setup.secret }) } })).status(),
    ).toBe(200);
    expect((await admin.request.patch(`/api/organization/${account.orgId}`, { data: { requireMfa: true } })).status()).toBe(200);
    const staff = { email: uniqueEmail('staff'), password: 'member-password' };
    expect(
      (
        await admin.request.post('/api/organization/users', {
          data: { username: staff.email, fullName: 'Sam Staff', password: staff.password, role: 'staff' },
        })
      ).status(),
    ).toBe(201);

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(page);
    await signIn(page.request, staff.email, staff.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await addPasskey(page, staff.password, 'Staff laptop');
    // The passkey meets the requirement: the app opens.
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    expect((await page.request.post('/api/logout')).status()).toBe(200);
    await authenticator.answers(false);
    await page.goto('/auth');
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await page.getByLabel('Email address').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText("Confirm it's you with your passkey.")).toBeVisible();
    await authenticator.answers(true);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Sam Staff!', { exact: true })).toBeVisible();
    await context.close();
  });
});
