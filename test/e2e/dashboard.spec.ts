import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';
import { addColleague, createProjectViaApi } from './support/projects';

/** A date 'days' from today (UTC, as the server counts), 'YYYY-MM-DD'. */
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A relative time of an entry written during the test. */
const recently = '(just now|\\d+ minutes? ago)';

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

/** Marks the document: if it is still marked later, nothing was reloaded in between. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const expectSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

// Several screens, API set-up and axe runs per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe('dashboard', () => {
  test("a new organization's empty dashboard leads to creating a project; changes show up without a reload", async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Welcome to Growthwise')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    // Polish review, day one: the first steps, each a link; none done yet.
    const steps = page.getByRole('list', { name: 'Getting started' });
    await expect(steps.getByRole('listitem')).toHaveText([
      'Create a project',
      'Invite your team',
      'Set up two-factor authentication',
    ]);
    await expect(page.getByText('0 of 3 done')).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Invite your team' })).toHaveAttribute(
      'href',
      '/organization-settings?tab=users&invite=1',
    );
    await expect(steps.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute(
      'href',
      '/user-settings?tab=security',
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Create Your First Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Project' });
    await expect(create).toBeVisible();
    // Polish review, item 10: a reload does not open the dialog again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No Projects Yet' })).toBeVisible();
    await expect(create).toBeHidden();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Create Your First Project' }).click();
    await expect(create).toBeVisible();
    await markDocument(page);
    await create.getByLabel('Name', { exact: true }).fill('Spring campaign');
    await create.getByLabel('Due Date (optional)').fill(dayFrom(3));
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(create).toBeHidden();

    await sidebarLink(page, 'Dashboard').click();
    await expect(figure(page, 'Total projects')).toContainText('1');
    await expect(figure(page, 'Due in the next 7 days')).toContainText('1');
    await expect(figure(page, 'In progress')).toContainText('0');
    await expect(
      page.getByRole('img', { name: /^Projects by status: Planning 1, In Progress 0, Completed 0, On Hold 0$/ }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Projects created per week: 1 project in the last 12 weeks/ })).toBeVisible();
    const recent = page.getByRole('list', { name: 'Recent activity' });
    await expect(recent.getByRole('listitem').first()).toContainText(
      new RegExp(`Ada Lovelace created the project Spring campaign · ${recently}`),
    );
    await expect(page.getByRole('link', { name: 'Spring campaign' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await sidebarLink(page, 'Projects').click();
    await page.getByRole('combobox', { name: 'Status of Spring campaign' }).click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await expect(page.getByRole('combobox', { name: 'Status of Spring campaign' })).toHaveText('In Progress');

    await sidebarLink(page, 'Dashboard').click();
    await expect(figure(page, 'In progress')).toContainText('1');
    await expect(
      page.getByRole('img', { name: /^Projects by status: Planning 0, In Progress 1, Completed 0, On Hold 0$/ }),
    ).toBeVisible();
    await expect(recent.getByRole('listitem').first()).toContainText(
      'Ada Lovelace changed the status of Spring campaign from Planning to In Progress',
    );
    await expect(
      page.getByRole('table', { name: 'Projects by status' }).getByRole('row', { name: 'In Progress 1' }),
    ).toBeAttached();
    await expectSameDocument(page);
  });

  test('lists overdue, due-soon and my projects, and retries after an error', async ({ page }) => {
    const account = await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const late = await createProjectViaApi(page.request, { name: 'Late launch', status: 'in_progress', dueDate: dayFrom(-5) });
    await createProjectViaApi(page.request, { name: 'Finished', status: 'completed', dueDate: dayFrom(-5) });
    await createProjectViaApi(page.request, { name: 'Next week', dueDate: dayFrom(4) });
    const members = await page.request.put(`/api/projects/${late.id}/members`, { data: { memberIds: [account.userId] } });
    expect(members.status()).toBe(200);

    let failNext = true;
    await page.route('**/api/dashboard', (route) =>
      failNext
        ? ((failNext = false),
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }))
        : route.fallback(),
    );
    await page.goto('/dashboard');
    await expect(page.getByText('Failed to load the dashboard. Please try again later.')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();

    const overdue = page
      .getByRole('heading', { name: /^Overdue/ })
      .locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]');
    await expect(overdue.getByRole('link', { name: 'Late launch' })).toHaveAttribute('href', `/projects/${late.id}`);
    await expect(overdue).not.toContainText('Finished');
    const dueSoon = page
      .getByRole('heading', { name: /^Due soon/ })
      .locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]');
    await expect(dueSoon.getByRole('link', { name: 'Next week' })).toBeVisible();
    const [year, month, day] = dayFrom(4).split('-').map(Number);
    const shown = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(dueSoon).toContainText(`Due ${shown}`);
    const mine = page
      .getByRole('heading', { name: /^My projects/ })
      .locator('xpath=ancestor::div[contains(@class,"rounded-lg")][1]');
    await expect(mine.getByRole('link', { name: 'Late launch' })).toBeVisible();
    await expect(mine).not.toContainText('Next week');
    await expect(figure(page, 'Overdue')).toContainText('1');

    // Polish review, item 2: each 'View all' and each figure opens the projects it counts, filtered by the server.
    const rows = page.getByRole('main').getByRole('table').getByRole('link');
    await dueSoon.getByRole('link', { name: /View all/ }).click();
    await expect(page).toHaveURL('/projects?due=soon&sort=dueDate');
    await expect(page.getByRole('checkbox', { name: 'Due in the next 7 days' })).toBeChecked();
    await expect(rows).toHaveText(['Next week']);
    await page.goBack();
    await overdue.getByRole('link', { name: /View all/ }).click();
    await expect(page).toHaveURL('/projects?overdue=true&sort=dueDate');
    await expect(page.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    await expect(rows).toHaveText(['Late launch']);
    await page.goBack();
    await mine.getByRole('link', { name: /View all/ }).click();
    await expect(page).toHaveURL('/projects?member=me');
    await expect(rows).toHaveText(['Late launch']);
    await page.goBack();
    await figure(page, 'In progress').getByRole('link').click();
    await expect(page).toHaveURL('/projects?status=in_progress');
    await expect(rows).toHaveText(['Late launch']);
    await page.goBack();
    await figure(page, 'Due in the next 7 days').getByRole('link').click();
    await expect(rows).toHaveText(['Next week']);
    await page.goBack();
    await figure(page, 'Total projects').getByRole('link').click();
    await expect(page).toHaveURL('/projects');
    await expect(rows).toHaveCount(3);
  });
});

test.describe('project activity', () => {
  test("the detail page's Activity section lists the changes newest first, and follows changes made in the app", async ({
    page,
  }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const project = await createProjectViaApi(page.request, { name: 'Spring campaign' });
    await page.request.patch(`/api/projects/${project.id}`, { data: { name: 'Summer campaign' } });
    await page.request.put(`/api/projects/${project.id}/members`, { data: { memberIds: [grace.id] } });
    await page.request.patch(`/api/projects/${project.id}`, { data: { dueDate: '2025-01-05' } });

    await page.goto(`/projects/${project.id}`);
    const activity = page.getByRole('list', { name: 'Project activity' });
    await expect(activity.getByRole('listitem')).toHaveText([
      new RegExp(`Ada Lovelace set the due date to Jan 5, 2025 · ${recently}`),
      new RegExp(`Ada Lovelace added Grace Hopper to the project · ${recently}`),
      new RegExp(`Ada Lovelace renamed the project from Spring campaign to Summer campaign · ${recently}`),
      new RegExp(`Ada Lovelace created the project · ${recently}$`),
    ]);
    await expectNoSeriousA11yViolations(page);
    await markDocument(page);

    await page.getByRole('link', { name: 'Projects', exact: true }).first().click();
    await page.getByRole('combobox', { name: 'Status of Summer campaign' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByRole('combobox', { name: 'Status of Summer campaign' })).toHaveText('Completed');
    await page.getByRole('link', { name: 'Summer campaign', exact: true }).click();
    await expect(activity.getByRole('listitem').first()).toContainText(
      new RegExp(`Ada Lovelace changed the status from Planning to Completed · ${recently}`),
    );
    await expect(activity.getByRole('listitem')).toHaveCount(5);
    await expectSameDocument(page);
  });
});
