import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { mailLink, mailsTo } from './support/inbox';

/** The newest mail to `email` whose subject holds `subject`, once the outbox has sent it. */
async function mailTo(email: string, subject: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).filter((mail) => mail.subject.includes(subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test.describe('Team collaboration', () => {
  // Two signed-in browsers, the stream's notification and the mail.
  test.describe.configure({ timeout: 120_000 });

  test('one person mentions another in a comment; the other sees the bell rise, lands on the comment and has the mail, whose unsubscribe link works', async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const graceEmail = uniqueEmail('grace');
    const added = await page.request.post('/api/organization/users', {
      data: { username: graceEmail, fullName: 'Grace Hopper', password: 'staff-password', role: 'staff' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const created = await page.request.post('/api/projects', { data: { name: 'Spring Launch' } });
    const projectId = ((await created.json()) as { id: string }).id;

    const graceContext = await browser.newContext();
    try {
      await signIn(graceContext.request, graceEmail, 'staff-password');
      const grace = await graceContext.newPage();
      // Her page's clock is the test's to move: the bell's 30-second poll is run, not waited for.
      await grace.clock.install();
      await grace.goto('/dashboard');
      await expect(bell(grace)).toHaveAccessibleName('Notifications');

      await page.goto(`/projects/${projectId}`);
      await expect(page.getByText('No comments yet. Start the discussion below.')).toBeVisible();
      const field = page.getByLabel('Add a comment');
      await field.fill('Please review the copy, ');
      await field.pressSequentially('@Gra');
      const picker = page.getByRole('listbox', { name: 'People to mention' });
      await expect(picker.getByRole('option', { name: /Grace Hopper/ })).toBeVisible();
      await expect(picker.getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('aria-selected', 'true');
      await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
      await expectNoSeriousA11yViolations(page);
      await field.press('Enter');
      await expect(picker).toHaveCount(0);
      await field.pressSequentially('<b>thanks</b> https://example.com/brief');
      await expect(field).toHaveValue('Please review the copy, @Grace Hopper <b>thanks</b> https://example.com/brief');
      await page.getByRole('button', { name: 'Comment', exact: true }).click();

      const comments = page.getByRole('list', { name: 'Comments' });
      await expect(comments.getByRole('listitem')).toHaveCount(1);
      await expect(field).toHaveValue('');
      // HTML stays text; the link is clickable and opens apart from the app.
      await expect(comments.getByText('<b>thanks</b>', { exact: false })).toBeVisible();
      await expect(comments.getByRole('link', { name: 'https://example.com/brief' })).toHaveAttribute('rel', /noopener/);
      await expect(page.getByRole('list', { name: 'Project activity' })).toContainText('Ada Lovelace commented on the project');

      // The other person's open page learns of it from its 30-second poll of the unread count, once the
      // stream has notified her.
      await expect
        .poll(
          async () =>
            ((await (await graceContext.request.get('/api/notifications/unread/count')).json()) as { count: number }).count,
          { timeout: 30_000 },
        )
        .toBe(1);
      await grace.clock.runFor(30_000);
      await expect(bell(grace)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(grace).click();
      const item = grace.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem').first();
      await expect(item).toContainText('Ada Lovelace mentioned you in Spring Launch');
      await item.getByRole('button').click();
      await expect(grace).toHaveURL(new RegExp(`/projects/${projectId}#comment-`));
      const landed = grace.locator(`[id="${new URL(grace.url()).hash.slice(1)}"]`);
      await expect(landed).toContainText('Please review the copy');
      await expect(landed).toBeInViewport();
      // Grace may not edit or delete Ada's comment.
      await expect(landed.getByRole('button', { name: /Edit comment|Delete comment/ })).toHaveCount(0);

      const mail = await mailTo(graceEmail, 'Ada Lovelace mentioned you in Spring Launch');
      expect(mail.text).toContain(`/projects/${projectId}#comment-`);
      // The mail's unsubscribe link turns mention mails off and says so, with a way back.
      await grace.goto(await mailLink(graceEmail, 'Ada Lovelace mentioned you in Spring Launch', 'unsubscribe'));
      await expect(grace.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
      await expect(grace.getByText('You will no longer receive emails when someone mentions you in a comment.')).toBeVisible();
      await grace.getByRole('button', { name: 'Turn them back on' }).click();
      await expect(grace.getByText('You will receive emails when someone mentions you in a comment again.')).toBeVisible();

      // The author edits, then deletes after confirming.
      await comments.getByRole('button', { name: 'Edit comment by Ada Lovelace' }).click();
      const edit = page.getByLabel('Edit comment');
      await expect(edit).toBeFocused();
      await edit.fill('Reviewed, thanks');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(comments).toContainText('Reviewed, thanks');
      await expect(comments).toContainText('edited');
      await comments.getByRole('button', { name: 'Delete comment by Ada Lovelace' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Comment' });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No comments yet. Start the discussion below.')).toBeVisible();
    } finally {
      await graceContext.close();
    }
  });
});
