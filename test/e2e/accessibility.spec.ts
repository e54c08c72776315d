import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { type Account, expect, signIn, test, uniqueEmail } from './support/fixtures';

// Every screen, the open notification panel and each dialog, checked with axe-core: no serious or
// critical violation anywhere (design.md: keyboard and screen-reader users first).

interface Workspace {
  projectId: string;
  projectName: string;
  staff: { id: string; email: string; fullName: string };
}

/**
 * An organization with something on every screen: a second user, a project with both as members
 * and, for the admin, a notification (the staff user adds the admin to a project).
 */
async function workspace(request: APIRequestContext, browser: Browser, account: Account): Promise<Workspace> {
  const staff = { email: uniqueEmail('staff'), fullName: 'Grace Hopper', password: 'staff-password' };
  const added = await request.post('/api/organization/users', {
    data: { username: staff.email, fullName: staff.fullName, password: staff.password, role: 'staff' },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const users = (await (await request.get('/api/organization-users')).json()) as { id: string; username: string }[];
  const staffId = users.find((user) => user.username === staff.email)!.id;
  const projectName = 'Spring launch';
  const project = await request.post('/api/projects', {
    data: { name: projectName, description: 'Email and social campaign', status: 'in_progress', dueDate: '2027-04-01' },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;

  const staffContext = await browser.newContext();
  await signIn(staffContext.request, staff.email, staff.password);
  const members = await staffContext.request.put(`/api/projects/${projectId}/members`, {
    data: { memberIds: [account.userId, staffId] },
  });
  expect(members.status(), await members.text()).toBe(200);
  await staffContext.close();
  return { projectId, projectName, staff: { id: staffId, email: staff.email, fullName: staff.fullName } };
}

/** Opens a dialog with its trigger, checks it, and closes it with Escape. */
async function checkDialog(page: Page, screen: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, screen);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test.describe('public screens', () => {
  for (const [path, heading] of [
    ['/', /./],
    ['/terms', /terms/i],
    ['/privacy', /privacy/i],
    ['/developers', /developers/i],
    ['/no-such-page', /./],
  ] as const) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    });
  }

  test('/auth, sign-in and registration, has no serious or critical violations', async ({ page }) => {
    await page.goto('/auth');
    await expect(
      page
        .getByRole('button', { name: 'Sign in' })
        .or(page.getByRole('button', { name: /sign in/i }))
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (sign in)');
    await page
      .getByRole('tab', { name: /register|sign up|create/i })
      .first()
      .click();
    await expect(page.getByLabel(/organization/i).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth (register)');
  });
});

test.describe('signed-in screens', () => {
  // Several screens and dialogs per test, each with a full axe run: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('dashboard, the notification panel, the avatar menu and the project search', async ({ page, account, browser }) => {
    await workspace(page.request, browser, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/dashboard');

    await page
      .getByRole('button', { name: /notification/i })
      .first()
      .click();
    await expect(page.getByText('Added to project').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open notification panel');
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: /account menu|user menu|avatar|open menu|Ada Lovelace/i })
      .first()
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the avatar menu');
    await page.keyboard.press('Escape');

    await checkDialog(page, 'the project search (Ctrl+K)', async () => {
      await page.keyboard.press('Control+k');
      await expect(page.getByPlaceholder('Search projects by name...')).toBeVisible();
    });
  });

  test('projects list and its dialogs', async ({ page, account, browser }) => {
    const { projectName } = await workspace(page.request, browser, account);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
    await expect(page.getByText(projectName).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/projects');

    await checkDialog(page, 'Create New Project', () => page.getByRole('button', { name: 'New Project' }).click());
    await checkDialog(page, 'Edit Project', () => page.getByRole('button', { name: /edit/i }).first().click());
    await checkDialog(page, 'Manage Project Members', () =>
      page
        .getByRole('button', { name: /manage members/i })
        .first()
        .click(),
    );
    await checkDialog(page, 'Delete Project', () =>
      page
        .getByRole('button', { name: /delete/i })
        .first()
        .click(),
    );
  });

  test('project detail and a member hover card', async ({ page, account, browser }) => {
    const { projectId, projectName, staff } = await workspace(page.request, browser, account);
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('heading', { name: projectName }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/projects/{id}');
    await page.getByRole('button', { name: new RegExp(staff.fullName) }).hover();
    await expect(page.getByText('Staff').or(page.getByText('Team Member')).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the member hover card');

    await page.goto('/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    await expect(page.getByText('Project Not Found')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Project Not Found');
  });

  test('user settings, both tabs', async ({ page, account }) => {
    void account;
    await page.goto('/user-settings');
    await expect(page.getByRole('button', { name: 'Update profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/user-settings (Profile)');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expectNoSeriousA11yViolations(page, '/user-settings (Notifications)');
  });

  test('account settings, both tabs and the user dialogs', async ({ page, account, browser }) => {
    const { staff } = await workspace(page.request, browser, account);
    await page.goto('/organization-settings');
    await expect(page.getByText(account.organizationName).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/organization-settings (Organization)');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('row', { name: new RegExp(staff.fullName) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/organization-settings (Users)');

    await checkDialog(page, 'Add User', () => page.getByRole('button', { name: 'Add User' }).click());
    await checkDialog(page, 'Edit user', () =>
      page
        .getByRole('row', { name: new RegExp(staff.fullName) })
        .getByRole('button', { name: /edit/i })
        .click(),
    );
    await checkDialog(page, 'Remove user', () =>
      page
        .getByRole('row', { name: new RegExp(staff.fullName) })
        .getByRole('button', { name: /remove/i })
        .click(),
    );
  });

  test('account settings as staff', async ({ page, browser, account }) => {
    const { staff } = await workspace(page.request, browser, account);
    await page.context().clearCookies();
    await signIn(page.request, staff.email, 'staff-password');
    await page.goto('/organization-settings');
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByText('You do not have permission to manage users. Please contact your administrator.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/organization-settings as staff');
  });

  test('help center, both tabs', async ({ page, account }) => {
    void account;
    await page.goto('/help');
    await expect(page.getByRole('tab', { name: 'Help Articles' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/help (Help Articles)');
    await page.getByRole('tab', { name: 'Contact Support' }).click();
    await expect(page.getByLabel('Subject')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/help (Contact Support)');
  });

  test('billing', async ({ page, account }) => {
    void account;
    await page.goto('/billing');
    await expect(page.getByText('Invoice History').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/billing');
  });
});

test.describe('the check itself', () => {
  test('fails on a serious violation and names it, scans a page again, and leaves out what an open modal hides', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/terms');
    // What a Radix modal hides from everyone is marked data-aria-hidden: out of reach, not reported.
    await page.evaluate(() => {
      const hidden = document.createElement('div');
      hidden.setAttribute('data-aria-hidden', 'true');
      hidden.append(document.createElement('button'));
      document.body.append(hidden);
    });
    await expectNoSeriousA11yViolations(page, '/terms and a nameless button behind a modal');
    // A button with no name anyone can reach: critical (button-name), and the failure says where.
    await page.evaluate(() => {
      const nameless = document.createElement('button');
      nameless.id = 'nameless';
      document.body.append(nameless);
    });
    const failure = await expectNoSeriousA11yViolations(page, '/terms and a nameless button').then(
      () => 'no failure',
      (error: Error) => error.message,
    );
    expect(failure).toContain('/terms and a nameless button has serious or critical accessibility violations');
    expect(failure).toContain('button-name (critical)');
    expect(failure).toContain('#nameless');
  });
});
