import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test } from './support/fixtures';
import { longPersonName, longProjectName, unbrokenName } from './support/long-names';
import { openInApp } from './support/navigation';
import { addColleague, createProjectViaApi } from './support/projects';

/** An organization as a real one grows: 30 projects and 6 colleagues, every name 60 characters or more. */
async function seedLongNames(request: APIRequestContext) {
  await registerAccount(request, {
    fullName: longPersonName(0),
    organizationName: 'Northwind Traders International Marketing Operations Group 01',
  });
  for (let index = 1; index <= 6; index += 1) await addColleague(request, longPersonName(index));
  const projects = [];
  projects.push(
    await createProjectViaApi(request, {
      name: unbrokenName,
      status: 'in_progress',
      dueDate: '2025-01-05',
      description: `${unbrokenName} `.repeat(4),
    }),
  );
  for (let index = 1; index < 30; index += 1) {
    projects.push(
      await createProjectViaApi(request, {
        name: longProjectName(index),
        status: (['planning', 'in_progress', 'completed', 'on_hold'] as const)[index % 4],
        dueDate: index % 3 ? '2027-06-30' : null,
      }),
    );
  }
  return projects;
}

/** Turns on a colleague's two-factor sign-in as they would, signed in as them in a context of their own. */
async function turnOnTwoFactor(browser: Browser, colleague: { email: string; password: string }) {
  const context = await browser.newContext();
  await signIn(context.request, colleague.email, colleague.password);
  expect((await context.request.post('/api/user/step-up', { data: { password: colleague.password } })).status()).toBe(204);
  const setup = (await (await context.request.post('/api/user/mfa/setup')).json()) as { secret: string };
  const enabled = await context.request.post('/api/user/mfa/enable', {
    data: { code: await generate({ secret: setup.secret }) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  await context.close();
}

/** The document scrolls sideways when its scroll width is larger than the viewport. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} is ${scrollWidth}px wide in a ${clientWidth}px viewport`).toBe(clientWidth);
}

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 850 },
] as const;

for (const size of sizes) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('no protected screen scrolls sideways with 60-character names and 30 rows, and axe finds nothing serious', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const projects = await seedLongNames(page.request);
      const screens: [string, (page: Page) => Promise<void>][] = [
        ['/dashboard', (p) => expect(p.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()],
        [
          '/projects',
          async (p) => {
            await expect(p.getByRole('link', { name: unbrokenName }).first()).toBeVisible({ timeout: 20_000 });
            // Only the form this width shows is drawn, the other is not in the page at all (issue 36: 100 rows drawn twice).
            await expect(p.locator(size.width >= 1024 ? 'ul[aria-label="Projects"]' : 'table')).toHaveCount(0);
          },
        ],
        [`/projects/${projects[0]!.id}`, (p) => expect(p.getByRole('heading', { name: unbrokenName, level: 1 })).toBeVisible()],
        [
          `/projects/${projects[5]!.id}`,
          (p) => expect(p.getByRole('heading', { name: longProjectName(5), level: 1 })).toBeVisible(),
        ],
        ['/user-settings', (p) => expect(p.getByRole('heading', { name: 'User Settings', level: 1 })).toBeVisible()],
        ['/organization-settings', (p) => expect(p.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible()],
        [
          '/users',
          async (p) => {
            await p.getByRole('tab', { name: 'Users' }).click();
            await expect(p.getByText(longPersonName(6)).locator('visible=true')).toBeVisible();
          },
        ],
        ['/billing', (p) => expect(p.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()],
        ['/help', (p) => expect(p.getByRole('heading', { name: 'Help Center', level: 1 })).toBeVisible()],
        ['/no-such-page', (p) => expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()],
      ];
      // The first screen is loaded, the others are opened in it as the app's links open them.
      for (const [index, [path, ready]] of screens.entries()) {
        await (index === 0 ? page.goto(path) : openInApp(page, path));
        await ready(page);
        await expectNoSidewaysScroll(page, path);
        await expectNoSeriousA11yViolations(page);
      }
    });

    test('the public and mail-link screens and every settings tab: none scrolls sideways, axe finds nothing serious (polish review)', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      // `load`: the page is loaded (the first screen, and the first one signed in); the others are opened in it.
      const check = async (path: string, ready: () => Promise<void>, load = false) => {
        await (load ? page.goto(path) : openInApp(page, path));
        await ready();
        await expectNoSidewaysScroll(page, path);
        await expectNoSeriousA11yViolations(page);
      };
      const h1 = () => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Signed out: the landing page, sign-in, the legal pages and each page a mail links to (here without a token).
      // Each names its own heading: a screen opened in the page must be told from the one before it.
      const signedOut = [
        ['/', 'Grow your business with Growthwise'],
        ['/auth', 'Sign in to your account'],
        ['/terms', 'Terms of Service'],
        ['/privacy', 'Privacy Policy'],
        ['/forgot-password', 'Forgot your password'],
        ['/reset-password', 'Choose a new password'],
        ['/verify-email', 'Email verification'],
        ['/invite', 'Invitation'],
        ['/unsubscribe', 'Link not valid'],
      ] as const;
      for (const [index, [path, heading]] of signedOut.entries()) {
        await check(path, () => expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(), index === 0);
      }
      await registerAccount(page.request);
      const tab = (name: string) => () => expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
      await check('/notifications', h1, true);
      await check('/user-settings?tab=security', tab('Security'));
      await check('/user-settings?tab=notifications', tab('Notifications'));
      await check('/organization-settings?tab=audit-log', tab('Audit Log'));
    });

    test('every project and user action is on screen: Manage Members, Edit, Delete, status; Edit, two-factor, Reset two-factor, Remove', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await registerAccount(page.request);
      const colleague = await addColleague(page.request, longPersonName(1));
      await turnOnTwoFactor(browser, colleague);
      await createProjectViaApi(page.request, { name: longProjectName(1) });
      await page.goto('/projects');
      for (const control of [
        page.getByRole('button', { name: `Manage Members of ${longProjectName(1)}` }),
        page.getByRole('button', { name: `Edit ${longProjectName(1)}` }),
        page.getByRole('button', { name: `Delete ${longProjectName(1)}` }),
        page.getByRole('combobox', { name: `Status of ${longProjectName(1)}` }),
      ]) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      await page.goto('/users');
      await page.getByRole('tab', { name: 'Users' }).click();
      for (const action of ['Edit', 'Reset two-factor', 'Remove']) {
        const button = page.getByRole('button', { name: action }).locator('visible=true').first();
        // The rows may be drawn anew while the list settles (twice, in runs beside a heavy seed: 'not attached
        // to the DOM'); what is asserted is that each action can be brought on screen whole, so it is found again.
        await expect(async () => {
          await button.scrollIntoViewIfNeeded({ timeout: 2_000 });
          await expect(button).toBeInViewport({ ratio: 1, timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
      }
      const colleagueEntry = page.locator(`[data-user-id="${colleague.id}"]`).locator('visible=true');
      await expect(page.getByText('Two-factor', { exact: true }).locator('visible=true').first()).toBeInViewport({ ratio: 1 });
      await expect(colleagueEntry.getByText('On', { exact: true })).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page, '/users');

      await colleagueEntry.getByRole('button', { name: /^Reset two-factor/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reset two-factor authentication?' });
      await confirm.getByRole('button', { name: 'Reset' }).click();
      await expect(confirm).toBeHidden();
      await expect(colleagueEntry.getByText('Off', { exact: true })).toBeVisible();
      await expect(colleagueEntry.getByRole('button', { name: /^Reset two-factor/ })).toHaveCount(0);
      // The Reset two-factor button is gone with two-factor: focus goes to the colleague's first action.
      await expect(colleagueEntry.locator('[data-first-action]')).toBeFocused();
    });
  });
}

test.describe('at 360 and 430 wide', () => {
  for (const width of [360, 430]) {
    test(`the projects list, a long-named project and the Users tab fit ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      await registerAccount(page.request, { fullName: longPersonName(0) });
      const project = await createProjectViaApi(page.request, {
        name: unbrokenName,
        dueDate: '2025-01-05',
        status: 'in_progress',
      });
      await page.goto('/projects');
      await expect(page.getByRole('link', { name: unbrokenName }).locator('visible=true')).toBeVisible();
      await expectNoSidewaysScroll(page, '/projects');
      await page.goto(`/projects/${project.id}`);
      await expect(page.getByRole('heading', { name: unbrokenName, level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the project');
      await page.goto('/users');
      await page.getByRole('tab', { name: 'Users' }).click();
      await expect(page.getByText('Current User').locator('visible=true')).toBeVisible();
      await expectNoSidewaysScroll(page, '/users');
    });
  }
});
