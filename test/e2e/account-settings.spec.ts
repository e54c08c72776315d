import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { mailLink } from './support/inbox';
import { toasts } from './support/toasts';

/** A staff member of the admin's organization, signed in in a browser context of their own. */
async function staffOf(adminPage: Page, browser: Browser, fullName = 'Sam Staff') {
  const email = uniqueEmail('staff');
  const added = await adminPage.request.post('/api/organization/users', {
    data: { username: email, fullName, password: 'staff-password', role: 'staff' },
  });
  expect(added.status()).toBe(201);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page.request, email, 'staff-password');
  return { email, id: (await added.json()).id as string, page, context };
}

/** While a modal is open Radix hides the rest of the page from the accessibility tree, the toast region included. */
const toastsBehindModal = (page: Page) => page.locator('li[data-toast-id]');

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function openUsersTab(page: Page) {
  await page.goto('/organization-settings');
  await page.getByRole('tab', { name: 'Users' }).click();
}

test.describe('Account settings: Organization', () => {
  test('an admin renames the organization inline: empty is refused, save shows it, cancel keeps the old name', async ({
    page,
  }) => {
    await registerAccount(page.request, { organizationName: 'Acme Original' });
    await page.goto('/organization-settings');
    await expect(page.getByRole('tab', { name: 'Organization', selected: true })).toBeVisible();
    await expect(page.getByText('Acme Original')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Organization name').fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Organization name cannot be empty').first()).toBeVisible();
    await expect(toasts(page)).toContainText('Validation error');
    await expect(toasts(page)).toContainText('Organization name cannot be empty');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Acme Original')).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Organization name').fill('Acme Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Organization updated');
    await expect(page.getByText('Acme Renamed')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Acme Renamed')).toBeVisible();
  });

  test("a failed rename shows 'Update failed' and keeps what was typed", async ({ page }) => {
    await registerAccount(page.request, { organizationName: 'Acme Original' });
    await page.goto('/organization-settings');
    await page.route('**/api/organization/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Organization name').fill('Typed Name');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Update failed');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(page.getByLabel('Organization name')).toHaveValue('Typed Name');
  });

  test('staff see the name without an edit, and the Users tab tells them to contact their administrator', async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request, { organizationName: 'Acme Staffed' });
    const staff = await staffOf(page, browser);
    await staff.page.goto('/users');
    await expect(staff.page.getByText('Acme Staffed')).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await staff.page.getByRole('tab', { name: 'Users' }).click();
    await expect(
      staff.page.getByText('You do not have permission to manage users. Please contact your administrator.'),
    ).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(staff.page);
    await staff.context.close();
  });
});

test.describe('Account settings: Users', () => {
  test("lists the users with the count badge, 'Current User' on the caller's row, Edit and Remove on the others, and their avatars", async ({
    page,
    browser,
  }) => {
    const admin = await registerAccount(page.request, { fullName: 'Ada Admin' });
    await openUsersTab(page);
    // Polish review, item 13: the tab is in the address, and each tab's label is on one line.
    await expect(page).toHaveURL('/organization-settings?tab=users');
    for (const name of ['Organization', 'Users', 'Audit Log']) {
      const lines = await page.getByRole('tab', { name }).evaluate((tab) => {
        const range = document.createRange();
        range.selectNodeContents(tab);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, name).toBe(1);
    }
    await expect(page.getByText('1 User', { exact: true })).toBeVisible();
    for (const header of ['Name', 'Email', 'Role', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(row(page, admin.email)).toContainText('Current User');
    await expect(row(page, admin.email)).toContainText('Administrator');
    await expect(row(page, admin.email).getByRole('button')).toHaveCount(0);
    // Polish review, item 7: inviting leads (primary, first); Add User follows as a secondary action.
    const look = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((element) => ({
        background: getComputedStyle(element).backgroundColor,
        text: getComputedStyle(element).color,
      }));
    const white = 'rgb(255, 255, 255)';
    const invite = await look('Invite User');
    expect(invite.text).toBe(white);
    expect(invite.background).not.toBe(white);
    expect((await look('Add User')).background).toBe(white);
    expect(await page.getByRole('button', { name: /^(Invite|Add) User$/ }).allTextContents()).toEqual([
      'Invite User',
      'Add User',
    ]);

    const staff = await staffOf(page, browser);
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const { avatarUrl } = await (await staff.page.request.post('/api/user/avatar', { data: { avatarUrl: png } })).json();
    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByText('2 Users', { exact: true })).toBeVisible();
    await expect(row(page, staff.email)).toContainText('Staff');
    await expect(row(page, staff.email).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(row(page, staff.email).getByRole('button', { name: 'Remove' })).toBeVisible();
    await expect(row(page, staff.email).locator('img')).toHaveAttribute('src', avatarUrl);
    await expectNoSeriousA11yViolations(page);
    await staff.context.close();
  });

  test("the load error text: 'There was an error loading users. Please try again.'", async ({ page }) => {
    await registerAccount(page.request);
    await page.route('**/api/organization/users', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
    );
    await openUsersTab(page);
    await expect(page.getByText('There was an error loading users. Please try again.')).toBeVisible();
  });

  test("'No users found' when the list is empty", async ({ page }) => {
    await registerAccount(page.request);
    await page.route('**/api/organization/users', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await openUsersTab(page);
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test("adds a user: the dialog's messages, then 'User added successfully' (Added …) and the new row", async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    await openUsersTab(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Full Name').fill('N');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText('Full name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

    const email = uniqueEmail('nina');
    await dialog.getByLabel('Full Name').fill('Nina New');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('nina-password');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(toasts(page)).toContainText('User added successfully');
    await expect(toasts(page)).toContainText('Added Nina New');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 Users', { exact: true })).toBeVisible();
    await expect(row(page, email)).toContainText('Administrator');

    // The new user signs in with that password.
    const context = await browser.newContext();
    await signIn(context.request, email, 'nina-password');
    await context.close();
  });

  test("a failed add shows 'Failed to add user' and the dialog keeps what was typed", async ({ page, request }) => {
    const other = await registerAccount(request);
    // A verified address: an unverified registration's would be taken over (decision 041).
    const link = await mailLink(other.email, 'Verify your email address', 'verify-email');
    const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''));
    expect((await request.post('/api/email-verification/confirm', { data: { token } })).status()).toBe(200);
    await registerAccount(page.request);
    await openUsersTab(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Full Name').fill('Taken Email');
    await dialog.getByLabel('Email').fill(other.email);
    await dialog.getByLabel('Password', { exact: true }).fill('some-password');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(toastsBehindModal(page)).toContainText('Failed to add user');
    await expect(toastsBehindModal(page)).toContainText(/409: .+/);
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Taken Email');
    await expect(dialog.getByLabel('Email')).toHaveValue(other.email);
    await expect(page.getByText('1 User', { exact: true })).toBeVisible();
  });

  test("edits a user: Email disabled, a blank 'New Password (leave blank to keep current)' keeps it, a short one is refused", async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    const staff = await staffOf(page, browser, 'Sam Staff');
    await openUsersTab(page);
    await row(page, staff.email).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Email')).toBeDisabled();
    await expect(dialog.getByLabel('Email')).toHaveValue(staff.email);
    const password = dialog.getByLabel('New Password (leave blank to keep current)');
    await expect(password).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    await password.fill('123');
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

    await password.fill('');
    await dialog.getByLabel('Full Name').fill('Samantha Staff');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expect(toasts(page)).toContainText('User added successfully');
    await expect(toasts(page)).toContainText('Updated Samantha Staff');
    await expect(row(page, staff.email)).toContainText('Samantha Staff');
    await expect(row(page, staff.email)).toContainText('Administrator');
    // The blank password kept the old one, and the staff member's session.
    expect((await staff.page.request.get('/api/user')).status()).toBe(200);
    const context = await browser.newContext();
    await signIn(context.request, staff.email, 'staff-password');
    await context.close();
    await staff.context.close();
  });

  test("changes a role from the table's role dropdown, by keyboard, with the Edit dialog's toast (polish review, day one)", async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    const staff = await staffOf(page, browser, 'Rita Role');
    await openUsersTab(page);
    const role = row(page, staff.email).getByRole('combobox', { name: 'Role of Rita Role' });
    await expect(role).toHaveText('Staff');
    await role.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Administrator' }).press('Enter');
    await expect(toasts(page)).toContainText('User added successfully');
    await expect(toasts(page)).toContainText('Updated Rita Role');
    await expect(role).toHaveText('Administrator');
    await expect(role).toBeFocused();
    // The server holds it: the staff member is an admin now, name kept.
    const me = await (await staff.page.request.get('/api/user')).json();
    expect(me.roles[0].role).toBe('admin');
    expect(me.fullName).toBe('Rita Role');
    // The caller's own row has no dropdown: an admin does not demote themself by a slip.
    await expect(page.getByRole('row').filter({ hasText: 'Current User' }).getByRole('combobox')).toHaveCount(0);
    await staff.context.close();
  });

  test("removes a user after 'Are you sure?': 'User removed', and their session ends", async ({ page, browser }) => {
    await registerAccount(page.request);
    const staff = await staffOf(page, browser, 'Leaving Lee');
    await openUsersTab(page);
    await expect(page.getByText('2 Users', { exact: true })).toBeVisible();
    await row(page, staff.email).getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('Leaving Lee');
    await expect(confirm).toContainText('This action cannot be undone.');
    await expectNoSeriousA11yViolations(page);

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, staff.email)).toBeVisible();

    await row(page, staff.email).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('User removed');
    await expect(row(page, staff.email)).toHaveCount(0);
    await expect(page.getByText('1 User', { exact: true })).toBeVisible();
    await staff.page.goto('/user-settings');
    await expect(staff.page).toHaveURL(/\/auth\?next=%2Fuser-settings$/);
    await staff.context.close();
  });

  test("a failed removal shows 'Failed to remove user' and keeps the user", async ({ page, browser }) => {
    await registerAccount(page.request);
    const staff = await staffOf(page, browser, 'Staying Sue');
    await openUsersTab(page);
    await page.route('**/api/organization/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' })
        : route.continue(),
    );
    await row(page, staff.email).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastsBehindModal(page)).toContainText('Failed to remove user');
    await expect(toastsBehindModal(page)).toContainText('500: Internal server error');
    // The confirmation stays open for another try; cancelled, the user is still listed.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, staff.email)).toBeVisible();
    await staff.context.close();
  });
});
