import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';

/** A staff member of the admin's organization, signed in in a browser context of their own. */
async function staffMemberOf(admin: APIRequestContext, browser: Browser) {
  const email = uniqueEmail('staff');
  const added = await admin.post('/api/organization/users', {
    data: { username: email, fullName: 'Grace Hopper', password: 'staff-password', role: 'staff' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const context = await browser.newContext();
  const user = await signIn(context.request, email, 'staff-password');
  return { context, id: user.id as string, page: await context.newPage() };
}
type Member = Awaited<ReturnType<typeof staffMemberOf>>;

const unreadCountOf = async (member: Member) =>
  ((await (await member.context.request.get('/api/notifications/unread/count')).json()) as { count: number }).count;

/**
 * Notifications are written by the table stream's fan-out shortly after the change that causes
 * them: a test waits for the member's count as the API answers it before it looks at the page.
 */
async function untilUnread(member: Member, count: number) {
  await expect.poll(() => unreadCountOf(member), { timeout: 15_000 }).toBe(count);
}

/** The admin creates a project and adds the member to it: the member's notification, once fanned out. */
async function addToNewProject(admin: APIRequestContext, member: Member, name: string) {
  const before = await unreadCountOf(member);
  const created = await admin.post('/api/projects', { data: { name, description: null, status: 'planning', dueDate: null } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const members = await admin.put(`/api/projects/${id}/members`, { data: { memberIds: [member.id] } });
  expect(members.status(), await members.text()).toBe(200);
  await untilUnread(member, before + 1);
  return id as string;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications \(F8\)/ });

test.describe('Notifications', () => {
  // Two signed-in browsers, several API arrangements and axe scans per test.
  test.describe.configure({ timeout: 90_000 });

  test('being added to a project by another user shows on the bell; a click marks it read and opens the project', async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    const staff = await staffMemberOf(page.request, browser);
    try {
      const projectId = await addToNewProject(page.request, staff, 'Spring Launch');

      await staff.page.goto('/dashboard');
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 1 unread');
      await expect(staff.page.getByTestId('unread-badge')).toHaveText('1');

      await bell(staff.page).click();
      const items = panel(staff.page).getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('Added to project');
      await expect(items.first()).toContainText('Spring Launch');
      await expect(items.first()).toContainText('less than a minute ago');
      await expect(items.first().getByTestId('unread-dot')).toBeVisible();
      await expect(panel(staff.page).getByRole('button', { name: 'Mark all as read' })).toBeVisible();
      await expectNoSeriousA11yViolations(staff.page);

      await items.first().getByRole('button').click();
      await expect(staff.page).toHaveURL(new RegExp(`/projects/${projectId}$`));
      await expect(panel(staff.page)).toHaveCount(0);
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications');
      await expect(staff.page.getByTestId('unread-badge')).toHaveCount(0);

      await bell(staff.page).click();
      await expect(panel(staff.page).getByRole('listitem')).toHaveCount(1);
      await expect(panel(staff.page).getByTestId('unread-dot')).toHaveCount(0);

      // The admin who acted has nothing: 'No notifications' and no 'Mark all as read'.
      await page.goto('/dashboard');
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await bell(page).click();
      await expect(panel(page).getByText('No notifications')).toBeVisible();
      await expect(panel(page).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await staff.context.close();
    }
  });

  test('the unread count is refetched every 30 seconds', async ({ page, browser }) => {
    await registerAccount(page.request);
    const staff = await staffMemberOf(page.request, browser);
    try {
      const projectId = await addToNewProject(page.request, staff, 'Newsletter');
      await staff.page.clock.install();
      // A page with no data of its own, settled before the change: under load the dashboard's lazily
      // mounted parts could refetch the count on mount after the change and hide the interval.
      await staff.page.goto('/help');
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 1 unread');
      await staff.page.waitForLoadState('networkidle');

      const changed = await page.request.patch(`/api/projects/${projectId}`, { data: { status: 'in_progress' } });
      expect(changed.status()).toBe(200);
      await untilUnread(staff, 2);
      // No push: the page learns of it by its poll, within 30 s of its clock. (The page's clock also runs
      // on with the real seconds the fan-out took, many under load, so 'not before 29 s' cannot be told.)
      await staff.page.clock.runFor(30_000);
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 2 unread');
    } finally {
      await staff.context.close();
    }
  });

  test("over nine unread shows '9+'; the panel scrolls within 400 px; 'Mark all as read' clears them", async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    const staff = await staffMemberOf(page.request, browser);
    try {
      for (let n = 1; n <= 10; n += 1) await addToNewProject(page.request, staff, `Campaign ${n}`);

      await staff.page.goto('/dashboard');
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 10 unread');
      await expect(staff.page.getByTestId('unread-badge')).toHaveText('9+');

      await bell(staff.page).click();
      await expect(panel(staff.page).getByRole('listitem')).toHaveCount(10);
      // Newest first.
      await expect(panel(staff.page).getByRole('listitem').first()).toContainText('Campaign 10');
      const box = await panel(staff.page).boundingBox();
      expect(box!.height).toBeLessThanOrEqual(400);
      const scrolls = await panel(staff.page)
        .locator('ul')
        .evaluate((list) => {
          const scroller = list.parentElement!;
          scroller.scrollTop = 100;
          return scroller.scrollHeight > scroller.clientHeight && scroller.scrollTop > 0;
        });
      expect(scrolls).toBe(true);
      await expectNoSeriousA11yViolations(staff.page);

      const markAll = panel(staff.page).getByRole('button', { name: 'Mark all as read' });
      await markAll.focus();
      await staff.page.keyboard.press('Enter');
      await expect(toasts(staff.page).getByText('Success')).toBeVisible();
      await expect(toasts(staff.page).getByText('All notifications marked as read')).toBeVisible();
      await expect(staff.page.getByTestId('unread-badge')).toHaveCount(0);
      // Polish review, item 11: focus stays on the button pressed.
      await expect(markAll).toBeFocused();
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications');
      await expect(panel(staff.page).getByTestId('unread-dot')).toHaveCount(0);

      // The bell toggles the panel closed and open again.
      await bell(staff.page).click();
      await expect(panel(staff.page)).toHaveCount(0);
      await bell(staff.page).click();
      await expect(panel(staff.page)).toBeVisible();
    } finally {
      await staff.context.close();
    }
  });

  test("a failed mark-read or mark-all-read shows the destructive toast 'Error'", async ({ page, browser }) => {
    await registerAccount(page.request);
    const staff = await staffMemberOf(page.request, browser);
    try {
      await addToNewProject(page.request, staff, 'Podcast');
      await staff.page.route('**/api/notifications/*/read', (route) =>
        route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
      );
      await staff.page.route('**/api/notifications/mark-all-read', (route) =>
        route.fulfill({ status: 503, json: { message: 'Try later' } }),
      );
      await staff.page.goto('/dashboard');
      await bell(staff.page).click();

      await panel(staff.page).getByRole('listitem').first().getByRole('button').click();
      await expect(toasts(staff.page).getByText('Error', { exact: true })).toBeVisible();
      await expect(toasts(staff.page).getByText('500: Something went wrong')).toBeVisible();
      await expect(toasts(staff.page).locator('[data-variant="destructive"]')).toBeVisible();

      await bell(staff.page).click();
      await panel(staff.page).getByRole('button', { name: 'Mark all as read' }).click();
      await expect(toasts(staff.page).getByText('503: Try later')).toBeVisible();
      // Nothing was marked: the item is still unread.
      await expect(bell(staff.page)).toHaveAccessibleName('Notifications, 1 unread');
    } finally {
      await staff.context.close();
    }
  });
});
