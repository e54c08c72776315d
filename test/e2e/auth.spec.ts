import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test, uniqueEmail } from './support/fixtures';
import { holdRequests, notificationsRegion, toasts } from './support/toasts';

test.describe('sign-in and registration screen', () => {
  test('has Login and Register tabs, a text link that switches between them, and a heading per mode', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in to your account', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Create a new account', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    // Each mode has its own URL (what a click before the script has run opens: before-hydration.spec.ts).
    await expect(page).toHaveURL('/auth?tab=register');

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL('/auth');

    await page.getByRole('link', { name: 'Register now' }).click();
    await expect(page.getByRole('heading', { name: 'Create a new account', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create a new account', level: 1 })).toBeVisible();

    // Tabs work by keyboard too.
    await page.getByRole('tab', { name: 'Register' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Sign in to your account', level: 1 })).toBeVisible();
  });

  test("the Login tab has email address, password, 'Remember me' and a 'Forgot your password' link", async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    const rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
    await expect(rememberMe).not.toBeChecked();
    await page.getByText('Remember me').click();
    await expect(rememberMe).toBeChecked();
    const forgot = page.getByRole('link', { name: 'Forgot your password' });
    await expectNoSeriousA11yViolations(page);
    await forgot.click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('the Register tab has full name, organization name, email, password with its hint, and the terms checkbox with its links', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByLabel('Organization name')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Must be at least 6 characters');
    await expect(page.getByText('Must be at least 6 characters')).toBeVisible();
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ });
    await expect(terms).not.toBeChecked();
    const form = page.locator('form');
    await expect(form.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a side panel lists the four benefits', async ({ page }) => {
    await page.goto('/auth');
    const panel = page.getByRole('complementary');
    for (const item of ['AI-powered automation', 'Team collaboration tools', 'Performance analytics', 'Flexible pricing plans']) {
      await expect(panel.getByRole('listitem').filter({ hasText: item })).toBeVisible();
    }
  });
});

test.describe('login', () => {
  test('shows every validation message under its field and sends nothing', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) calls += 1;
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required');
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(calls).toBe(0);
  });

  test("signs in: 'Signing in...' while pending, the 'Login successful' toast, then /dashboard", async ({ page, request }) => {
    const account = await registerAccount(request, { fullName: 'Grace Hopper' });
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    const release = await holdRequests(page, '**/api/login');
    const sent = page.waitForRequest('**/api/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    // rememberMe lives only in the form (spec section 3).
    expect((await sent).postDataJSON()).toEqual({ username: account.email, password: account.password });
    release();
    await expect(page).toHaveURL('/dashboard');
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Login successful');
    await expect(toasts(page)).toContainText('Welcome back, Grace Hopper!');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test("a wrong password shows the destructive 'Login failed' toast with the server's message and keeps the email", async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const toast = toasts(page);
    await expect(toast).toContainText('Login failed');
    await expect(toast).toContainText(/401: .+/);
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL('/auth');
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('a wrong password is also said in the form, in an alert above the fields, with focus on the password', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const form = page.getByRole('tabpanel', { name: 'Login' });
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Login failed');
    await expect(alert).toContainText(/401: .+/);
    await expect(page.getByLabel('Password')).toBeFocused();
    // Above the fields, where the eye starts reading again.
    const alertTop = (await alert.boundingBox())!.y;
    expect(alertTop).toBeLessThan((await page.getByLabel('Email address').boundingBox())!.y);
    await expect(toasts(page)).toContainText('Login failed');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
  });
});

test.describe('registration', () => {
  test('shows every validation message under its field', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Full name is required');
    await expect(page.getByLabel('Organization name')).toHaveAccessibleDescription('Organization name is required');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(
      'You must agree to the terms and conditions',
    );
    await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();

    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters long/);
    await expectNoSeriousA11yViolations(page);
  });

  test("creates the account: 'Creating account...' while pending, plan 'professional' monthly, the welcome toast, then /dashboard", async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill('Katherine Johnson');
    await page.getByLabel('Organization name').fill('Orbit Labs');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('secret-password');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    const release = await holdRequests(page, '**/api/register');
    const sent = page.waitForRequest('**/api/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect((await sent).postDataJSON()).toEqual({
      fullName: 'Katherine Johnson',
      organizationName: 'Orbit Labs',
      username: email,
      password: 'secret-password',
      plan: 'professional',
      billingCycle: 'monthly',
    });
    release();
    await expect(page).toHaveURL('/dashboard');
    await expect(toasts(page)).toContainText('Registration successful');
    await expect(toasts(page)).toContainText('Welcome to Growthwise, Katherine Johnson!');
    await expect(page.getByRole('main').getByText('Katherine Johnson')).toBeVisible();
  });

  test("an email already in use shows the destructive 'Registration failed' toast with the server's message", async ({
    page,
    request,
  }) => {
    const existing = await registerAccount(request);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Organization name').fill('Other Org');
    await page.getByLabel('Email address').fill(existing.email);
    await page.getByLabel('Password').fill('secret-password');
    await page.getByRole('checkbox', { name: /I agree/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(toasts(page)).toContainText('Registration failed');
    await expect(toasts(page)).toContainText(/409: .+/);
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL('/auth?tab=register');
    await expect(page.getByLabel('Full name')).toHaveValue('Someone Else');
  });
});

test('a signed-in user who opens /auth is redirected to /dashboard', async ({ page }) => {
  await registerAccount(page.request);
  await page.goto('/auth');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test.describe('toasts', () => {
  async function failLogin(page: import('@playwright/test').Page, password = 'wrong-password') {
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  test.beforeEach(async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  });

  test('only one shows at a time', async ({ page }) => {
    await failLogin(page);
    await expect(toasts(page)).toHaveCount(1);
    const first = await toasts(page).first().getAttribute('data-toast-id');
    await failLogin(page, 'another-wrong-password');
    await expect(toasts(page).first()).not.toHaveAttribute('data-toast-id', first ?? '');
    await expect(toasts(page)).toHaveCount(1);
  });

  test('a toast closes by itself after 5000 ms', async ({ page }) => {
    // The timer starts when the toast opens, which is after the click.
    const clickedAt = Date.now();
    await failLogin(page);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveCount(0, { timeout: 9_000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(5_000);
  });

  test('swiping a toast right by more than 50 px dismisses it', async ({ page }) => {
    await failLogin(page);
    const toast = toasts(page).first();
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(toasts(page)).toHaveCount(0);
  });

  test('F8 moves focus to the notifications region, and the close button dismisses the toast', async ({ page }) => {
    await failLogin(page);
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(notificationsRegion(page).locator('ol')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toasts(page).first()).toBeFocused();
    await toasts(page).getByRole('button', { name: 'Close' }).click();
    await expect(toasts(page)).toHaveCount(0);
  });
});
