import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';
import { addColleague, createProjectViaApi } from './support/projects';
import { holdRequests, toasts } from './support/toasts';

const badgeBackground = (page: Page, label: string) =>
  page
    .getByRole('main')
    .getByText(label, { exact: true })
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test.describe('Project detail', () => {
  test('shows the breadcrumb, title, created date, status badge, description, due date and team, and passes axe', async ({
    page,
  }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const project = await createProjectViaApi(page.request, {
      name: 'Spring launch',
      description: 'Email and social campaign',
      status: 'in_progress',
      dueDate: '2025-01-05',
    });
    await page.request.put(`/api/projects/${project.id}/members`, { data: { memberIds: [grace.id] } });
    await page.goto(`/projects/${project.id}`);

    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(breadcrumb.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    await expect(breadcrumb).toContainText('Spring launch');
    await expect(page.getByRole('heading', { name: 'Spring launch', level: 1 })).toBeVisible();
    await expect(page.getByText(`Created ${format(new Date(project.createdAt), 'MMMM d, yyyy')}`)).toBeVisible();
    await expect(page.getByRole('main').getByText('In Progress', { exact: true })).toBeVisible();
    await expect(page.getByText('Email and social campaign')).toBeVisible();
    await expect(page.getByText('January 5, 2025')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Team members' }).getByRole('button')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // Polish review, item 9: the edit icon goes to /projects with that project's Edit dialog open.
    await page.getByRole('link', { name: 'Edit project' }).click();
    await expect(page).toHaveURL(`/projects?edit=${project.id}`);
    const edit = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Spring launch');
    await edit.getByLabel('Name', { exact: true }).fill('Spring launch 2');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('link', { name: 'Spring launch 2' }).first()).toBeVisible();
  });

  test("an edit link to a project that cannot be read says 'Project Not Found' and leaves the list as it is", async ({
    page,
  }) => {
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'Kept' });
    await page.goto('/projects?edit=01NOSUCHPROJECT0000000000');
    await expect(toasts(page).filter({ hasText: 'Project Not Found' })).toBeVisible();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Kept' }).first()).toBeVisible();
  });

  test("shows 'No description provided.' and 'No due date' when they are empty, and colours each written status", async ({
    page,
  }) => {
    await registerAccount(page.request);
    const project = await createProjectViaApi(page.request, { name: 'Bare' });
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByText('No description provided.')).toBeVisible();
    await expect(page.getByText('No due date')).toBeVisible();

    const colours = new Set<string>();
    for (const [status, label] of [
      ['planning', 'Planning'],
      ['in_progress', 'In Progress'],
      ['completed', 'Completed'],
      ['on_hold', 'On Hold'],
    ] as const) {
      await page.request.patch(`/api/projects/${project.id}`, { data: { status } });
      await page.reload();
      colours.add(await badgeBackground(page, label));
    }
    expect(colours.size).toBe(4);

    // A status the screens never write is shown grey (spec section 4).
    await page.route(`**/api/projects/${project.id}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), status: 'ARCHIVED', dueDate: 'not-a-date' } });
    });
    await page.reload();
    await expect(page.getByText('Invalid date')).toBeVisible();
    const grey = await badgeBackground(page, 'ARCHIVED');
    expect(colours.has(grey)).toBe(false);
    expect(grey).toBe(
      await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'bg-surface-3';
        document.body.append(probe);
        const colour = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return colour;
      }),
    );
  });

  test("a team member's avatar shows a hover card with their name and role, which closes again", async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const me = (await (await page.request.get('/api/user')).json()) as { id: string };
    const project = await createProjectViaApi(page.request, { name: 'Team' });
    await page.request.put(`/api/projects/${project.id}/members`, { data: { memberIds: [me.id, grace.id] } });
    await page.goto(`/projects/${project.id}`);

    const team = page.getByRole('list', { name: 'Team members' });
    await team.getByRole('button', { name: /Grace Hopper/ }).hover();
    const card = page.locator('[data-radix-popper-content-wrapper]').filter({ hasText: 'Grace Hopper' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Staff');
    await page.getByRole('heading', { level: 1 }).hover();
    await expect(card).toBeHidden();

    await team.getByRole('button', { name: /Ada Lovelace/ }).hover();
    await expect(page.locator('[data-radix-popper-content-wrapper]').filter({ hasText: 'Ada Lovelace' })).toContainText(
      'Administrator',
    );
  });

  test('shows a loading skeleton while the project loads', async ({ page }) => {
    await registerAccount(page.request);
    const project = await createProjectViaApi(page.request, { name: 'Slow' });
    const release = await holdRequests(page, `**/api/projects/${project.id}`);
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading project' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Slow' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Slow', level: 1 })).toBeVisible();
  });

  test("shows 'Project Not Found' for an unknown id and for another organization's project, with a link back", async ({
    page,
    browser,
  }) => {
    await registerAccount(page.request);
    await page.goto('/projects/01JAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('Project Not Found')).toBeVisible();
    await expect(page.getByText("We couldn't find the project you're looking for.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const otherContext = await browser.newContext();
    await registerAccount(otherContext.request);
    const foreign = await createProjectViaApi(otherContext.request, { name: 'Their secret' });
    await otherContext.close();
    await page.goto(`/projects/${foreign.id}`);
    await expect(page.getByText('Project Not Found')).toBeVisible();
    await expect(page.getByText('Their secret')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  });

  test('shows the new state after changes made on the list, without a reload', async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const project = await createProjectViaApi(page.request, { name: 'Live' });
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByRole('main').getByText('Planning', { exact: true })).toBeVisible();
    await expect(page.getByText('No team members yet.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    const liveRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Live', exact: true }) });
    await liveRow.getByRole('combobox', { name: 'Status of Live' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(liveRow.getByRole('combobox')).toHaveText('Completed');
    await liveRow.getByRole('button', { name: 'Manage Members of Live' }).click();
    await page
      .getByRole('dialog', { name: 'Manage Project Members' })
      .getByRole('checkbox', { name: /Grace Hopper/ })
      .click();
    await page.getByRole('button', { name: 'Save Members' }).click();
    await expect(page.getByRole('dialog', { name: 'Manage Project Members' })).toBeHidden();
    await liveRow.getByRole('button', { name: 'Edit Live' }).click();
    await page.getByRole('dialog', { name: 'Edit Project' }).getByLabel('Name', { exact: true }).fill('Live and renamed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Project' })).toBeHidden();

    await page.getByRole('link', { name: 'Live and renamed', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Live and renamed', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Team members' }).getByRole('button', { name: /Grace Hopper/ })).toBeVisible();
    void grace;
  });
});
