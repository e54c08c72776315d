import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { holdRequests, toasts } from './support/toasts';

/** A PNG of the given size drawn by the browser itself: a "large photo" to pick. */
async function pngOfSize(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2b6cb0';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#f6ad55';
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      return canvas.toDataURL('image/png');
    },
    { width, height },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The size of an image as the browser decodes it. */
const imageSize = (page: Page, src: string) =>
  page.evaluate(
    (src) =>
      new Promise<{ width: number; height: number }>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
        image.onerror = () => reject(new Error('not an image'));
        image.src = src;
      }),
    src,
  );

const topBarAvatar = (page: Page) => page.getByRole('button', { name: 'Open user menu' });

test.describe('User settings', () => {
  test('shows the Profile tab: avatar, role label, Full Name and the read-only Email; /profile shows the same', async ({
    page,
  }) => {
    const account = await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/user-settings');
    await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Administrator', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
    await expect(page.getByText('This is your public display name.')).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(account.email);
    await expect(email).not.toBeEditable();
    await expect(page.getByText('You cannot change your email address.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/profile');
    await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  });

  test("a staff user's role label is 'Staff'", async ({ page, browser }) => {
    await registerAccount(page.request);
    const staffEmail = uniqueEmail('staff');
    const added = await page.request.post('/api/organization/users', {
      data: { username: staffEmail, fullName: 'Sam Staff', password: 'staff-password', role: 'staff' },
    });
    expect(added.status()).toBe(201);
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signIn(staffPage.request, staffEmail, 'staff-password');
    await staffPage.goto('/user-settings');
    await expect(staffPage.getByText('Staff', { exact: true })).toBeVisible();
    await expect(staffPage.getByText('Administrator', { exact: true })).toHaveCount(0);
    await staffContext.close();
  });

  test("updates the full name: 'Updating...' while pending, 'Profile updated', and the top bar initials change at once", async ({
    page,
  }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/user-settings');
    await expect(topBarAvatar(page)).toContainText('AL');
    await page.getByLabel('Full Name').fill('Grace Hopper');
    const release = await holdRequests(page, '**/api/user/profile');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    release();
    await expect(toasts(page)).toContainText('Profile updated');
    await expect(topBarAvatar(page)).toContainText('GH');
    await topBarAvatar(page).click();
    await expect(page.getByRole('menu')).toContainText('Grace Hopper');
  });

  test("refuses a full name under 2 characters with 'Full name must be at least 2 characters.' and sends nothing", async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    let calls = 0;
    await page.route('**/api/user/profile', (route) => {
      calls += 1;
      return route.continue();
    });
    await page.getByLabel('Full Name').fill('A');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(page.getByText('Full name must be at least 2 characters.')).toBeVisible();
    expect(calls).toBe(0);
  });

  test("a failed profile save shows 'Update failed' with the server's message and keeps what was typed", async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/user-settings');
    await page.route('**/api/user/profile', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) }),
    );
    await page.getByLabel('Full Name').fill('Typed Name');
    await page.getByRole('button', { name: 'Update profile' }).click();
    await expect(toasts(page)).toContainText('Update failed');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByLabel('Full Name')).toHaveValue('Typed Name');
    await expect(topBarAvatar(page)).toContainText('AL');
  });

  test('uploads any image shrunk to at most 256×256, shows it at once and in the top bar', async ({ page }) => {
    const account = await registerAccount(page.request);
    await page.goto('/user-settings');
    const photo = await pngOfSize(page, 1200, 800);
    const release = await holdRequests(page, '**/api/user/avatar');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/user/avatar') && request.method() === 'POST');
    await page.getByLabel('Avatar image file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
    const uploaded = (await sent).postDataJSON().avatarUrl as string;
    // Shown at once, before the server has answered.
    await expect(page.getByRole('tabpanel').locator('img').first()).toHaveAttribute('src', uploaded);
    release();
    expect(uploaded).toMatch(/^data:image\/(png|jpeg|webp);base64,/);
    const size = await imageSize(page, uploaded);
    expect(Math.max(size.width, size.height)).toBe(256);
    expect(size.width / size.height).toBeCloseTo(1.5, 1);

    await expect(toasts(page)).toContainText('Avatar updated');
    const served = topBarAvatar(page).locator('img');
    await expect(served).toHaveAttribute('src', new RegExp(`^/api/avatars/${account.userId}/`));
    await expect(page.getByRole('tabpanel').locator('img').first()).toHaveAttribute(
      'src',
      new RegExp(`^/api/avatars/${account.userId}/`),
    );
    // Still there after a reload: it was stored, not only shown.
    await page.reload();
    await expect(topBarAvatar(page).locator('img')).toHaveAttribute('src', new RegExp(`^/api/avatars/${account.userId}/`));
  });

  test("refuses a file that is not an image: 'Invalid file type' / 'Please select an image file (JPEG, PNG, etc.)'", async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    await page
      .getByLabel('Avatar image file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toasts(page)).toContainText('Invalid file type');
    await expect(toasts(page)).toContainText('Please select an image file (JPEG, PNG, etc.)');
  });

  test("an image that cannot be read: 'Upload failed' / 'Failed to read the image file'; a refused upload shows the thrown message", async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    await page
      .getByLabel('Avatar image file')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a png') });
    await expect(toasts(page)).toContainText('Upload failed');
    await expect(toasts(page)).toContainText('Failed to read the image file');

    await page.route('**/api/user/avatar', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The avatar must be a PNG, JPEG, WebP or GIF image' }),
      }),
    );
    await page
      .getByLabel('Avatar image file')
      .setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: await pngOfSize(page, 40, 40) });
    await expect(toasts(page)).toContainText('400: The avatar must be a PNG, JPEG, WebP or GIF image');
    await expect(topBarAvatar(page).locator('img')).toHaveCount(0);
  });

  test('the Change Password card shows every message of section 5 under its field', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    await expect(page.getByText('Must be at least 6 characters long.')).toBeVisible();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await expect(page.getByText('New password must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Confirm password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('Current password').fill('whatever');
    await page.getByLabel('New password').fill('abcdef');
    await page.getByLabel('Confirm password').fill('abcdeg');
    await page.getByRole('button', { name: 'Change password' }).click();
    const mismatch = page.getByText('Passwords do not match');
    await expect(mismatch).toBeVisible();
    // Under Confirm: the confirm field is the one it describes.
    await expect(page.getByLabel('Confirm password')).toHaveAttribute(
      'aria-describedby',
      await mismatch.getAttribute('id').then((id) => id ?? ''),
    );
  });

  test("a wrong current password: 'Password change failed', the typed values stay", async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('brand-new-pw');
    await page.getByLabel('Confirm password').fill('brand-new-pw');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page)).toContainText('Password change failed');
    await expect(toasts(page)).toContainText('400: Current password is incorrect');
    await expect(page.getByLabel('Current password')).toHaveValue('not-my-password');
    await expect(page.getByLabel('New password')).toHaveValue('brand-new-pw');
  });

  test("changes the password: 'Password updated', this browser stays signed in, another one is signed out", async ({
    page,
    browser,
  }) => {
    const account = await registerAccount(page.request, { password: 'first-password' });
    const otherContext = await browser.newContext();
    await signIn(otherContext.request, account.email, 'first-password');
    await page.goto('/user-settings');
    await page.getByLabel('Current password').fill('first-password');
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page)).toContainText('Password updated');
    await expect(page.getByLabel('Current password')).toHaveValue('');
    expect((await otherContext.request.get('/api/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await otherContext.close();
  });

  test('the Notifications tab says that settings will be available soon', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/user-settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByText('Notification settings will be available soon.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
