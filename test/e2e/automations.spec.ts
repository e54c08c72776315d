import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { toasts } from './support/toasts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('Automations', () => {
  // Two signed-in browsers and the automation's run after the change.
  test.describe.configure({ timeout: 120_000 });

  test('builds a rule from a preset, moves the status, and shows the automation’s comment and the member’s notification', async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const graceEmail = uniqueEmail('grace');
    const added = await page.request.post('/api/organization/users', {
      data: { username: graceEmail, fullName: 'Grace Hopper', password: 'staff-password', role: 'staff' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const graceId = ((await added.json()) as { id: string }).id;
    const created = await page.request.post('/api/projects', { data: { name: 'Autumn Campaign' } });
    const projectId = ((await created.json()) as { id: string }).id;
    expect((await page.request.put(`/api/projects/${projectId}/members`, { data: { memberIds: [graceId] } })).status()).toBe(200);

    await page.goto(`/projects/${projectId}`);
    await expect(page.getByText('No automations yet. Add one to save the routine work.')).toBeVisible();
    await page.getByRole('button', { name: 'Add automation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add automation' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'When the status becomes Completed, comment and notify the members' }).click();
    // When: the preset's name and trigger, focus in the name.
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expect(dialog.getByLabel('Name')).toHaveValue('Wrap up a completed project');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('All of these must hold for the actions to run.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Comment')).toHaveValue('This project is complete. Thank you, everyone!');
    await expect(dialog.getByText('When the status becomes Completed, post a comment, then notify the members.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create automation' }).click();
    await expect(toasts(page)).toContainText('Automation created');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Wrap up a completed project: on' })).toBeVisible();
    await expect(page.getByText('Not run yet')).toBeVisible();

    const graceContext = await browser.newContext();
    try {
      await signIn(graceContext.request, graceEmail, 'staff-password');
      const grace = await graceContext.newPage();
      // Her page's clock is the test's to move: the bell's 30-second poll is run, not waited for.
      await grace.clock.install();
      await grace.goto('/dashboard');
      // Being added to the project may already be unread: the automation's notification is looked for by its words.
      await expect(bell(grace)).toBeVisible();

      expect((await page.request.patch(`/api/projects/${projectId}`, { data: { status: 'completed' } })).status()).toBe(200);
      // The run's outcome shows in its history, which reads itself again while open.
      await page.getByRole('button', { name: 'Run history' }).click();
      const history = page.getByRole('dialog', { name: 'Run history' });
      await expect(history.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
      await expect(history.getByText('Post a comment: Comment posted')).toBeVisible();
      await expect(history.getByText('Send a notification: Members notified')).toBeVisible();
      await page.keyboard.press('Escape');

      await page.reload();
      const comments = page.getByRole('list', { name: 'Comments' });
      await expect(comments.getByText('Automation: Wrap up a completed project')).toBeVisible();
      await expect(comments.getByText('This project is complete. Thank you, everyone!')).toBeVisible();

      await grace.clock.runFor(30_000);
      await expect(bell(grace)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
      await bell(grace).click();
      // The row's title carries '(unread)' for screen readers, and the automation's comment may notify her too: the row is found by the rule's message.
      const notified = grace.getByRole('button').filter({ hasText: 'The project is complete.' });
      await expect(notified).toHaveCount(1);
      await expect(notified).toContainText('Automation: Wrap up a completed project');
    } finally {
      await graceContext.close();
    }
  });
});
