import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';
import { addColleague, createProjectViaApi, failWith500, projectDetailViaApi } from './support/projects';
import { holdRequests } from './support/toasts';

const today = () => format(new Date(), 'MMM d, yyyy');
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/**
 * The toasts, found even while a modal dialog hides the rest of the page from the accessibility
 * tree (Radix Toast announces them through its own live region meanwhile).
 */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).locator('li');

test.describe('Projects list', () => {
  test("shows the header, the empty state 'No Projects Yet', and passes axe", async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage your projects and initiatives')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Project' })).toBeVisible();
    await expect(page.getByText('No Projects Yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Your First Project' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('shows a spinner while loading and the error card when the list fails', async ({ page }) => {
    await registerAccount(page.request);
    const release = await holdRequests(page, '**/api/projects');
    await page.goto('/projects');
    await expect(page.getByRole('status').filter({ hasText: 'Loading projects' })).toBeAttached();
    release();
    await expect(page.getByText('No Projects Yet')).toBeVisible();

    await page.unroute('**/api/projects');
    await page.route('**/api/projects', (route) => route.fulfill(failWith500));
    await page.reload();
    await expect(page.getByText('Failed to load projects. Please try again later.')).toBeVisible();
  });

  test('lists projects in a table: Name linking to the detail, Status, Due Date, Created, Actions', async ({ page }) => {
    await registerAccount(page.request);
    const project = await createProjectViaApi(page.request, {
      name: 'Spring launch',
      status: 'in_progress',
      dueDate: '2025-01-05',
    });
    await createProjectViaApi(page.request, { name: 'Autumn sale' });
    await page.goto('/projects');
    for (const header of ['Name', 'Status', 'Due Date', 'Created', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const spring = row(page, 'Spring launch');
    await expect(spring.getByRole('combobox', { name: 'Status of Spring launch' })).toHaveText('In Progress');
    await expect(spring).toContainText('Jan 5, 2025');
    await expect(spring).toContainText(today());
    await expect(row(page, 'Autumn sale')).toContainText('—');
    await expect(row(page, 'Autumn sale').getByRole('combobox')).toHaveText('Planning');
    for (const action of ['Manage Members', 'Edit', 'Delete']) {
      await expect(
        spring.getByRole('button', { name: `${action} ` + (action === 'Manage Members' ? 'of ' : '') + 'Spring launch' }),
      ).toBeVisible();
    }
    await spring.getByRole('link', { name: 'Spring launch' }).click();
    await expect(page).toHaveURL(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Spring launch', level: 1 })).toBeVisible();
  });

  test('creates a project with the Create New Project dialog: POST then PUT members, toast, new row', async ({ page }) => {
    const account = await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    const create = dialog(page, 'Create New Project');
    await expect(create).toBeVisible();
    await expect(create.getByRole('checkbox', { name: /Ada Lovelace/ })).toBeVisible();
    await expect(create.getByRole('checkbox', { name: new RegExp(grace.email) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(create.getByText('Project name is required')).toBeVisible();

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/projects') && request.method() !== 'GET') requests.push(request.method());
    });
    await create.getByLabel('Name', { exact: true }).fill('Summer campaign');
    await create.getByLabel('Description').fill('Ads and email');
    await create.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'On Hold' }).click();
    await create.getByLabel('Due Date (optional)').fill('2026-07-15');
    await create.getByRole('checkbox', { name: /Grace Hopper/ }).click();
    await create.getByRole('button', { name: 'Create Project' }).click();

    await expect(toasts(page)).toContainText('Project created');
    await expect(create).toBeHidden();
    const created = row(page, 'Summer campaign');
    await expect(created.getByRole('combobox')).toHaveText('On Hold');
    await expect(created).toContainText('Jul 15, 2026');
    expect(requests).toEqual(['POST', 'PUT']);

    const id = (await created.getByRole('link').getAttribute('href'))!.split('/').pop()!;
    const detail = await projectDetailViaApi(page.request, id);
    expect(detail.body).toMatchObject({ description: 'Ads and email', status: 'on_hold', dueDate: '2026-07-15' });
    expect(detail.body.members.map((member) => member.id)).toEqual([grace.id]);
    void account;
  });

  test('a project created without members sends no PUT; an empty due date is sent as null', async ({ page }) => {
    await registerAccount(page.request);
    await page.goto('/projects');
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/projects') && request.method() !== 'GET')
        bodies.push([request.method(), request.postDataJSON()]);
    });
    await page.getByRole('button', { name: 'New Project' }).click();
    const create = dialog(page, 'Create New Project');
    await create.getByLabel('Name', { exact: true }).fill('Bare project');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(toasts(page)).toContainText('Project created');
    await expect(row(page, 'Bare project')).toBeVisible();
    expect(bodies).toEqual([['POST', { name: 'Bare project', description: null, status: 'planning', dueDate: null }]]);
  });

  test('a create sent again after its answer was lost makes one project: the retry goes with the same Idempotency-Key', async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/projects');
    const keys: string[] = [];
    let answerLost = false;
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (answerLost) return route.continue();
      // The server creates the project; the browser never hears of it.
      answerLost = true;
      await route.fetch();
      return route.abort('failed');
    });
    await page.getByRole('button', { name: 'New Project' }).click();
    const create = dialog(page, 'Create New Project');
    await create.getByLabel('Name', { exact: true }).fill('Sent twice');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(toasts(page)).toContainText('Failed to create project');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(toasts(page)).toContainText('Project created');
    await expect(row(page, 'Sent twice')).toHaveCount(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const list = await page.request.get('/api/projects');
    expect(((await list.json()) as { name: string }[]).filter((project) => project.name === 'Sent twice')).toHaveLength(1);
  });

  test("a failed create shows 'Failed to create project' with the server's message and keeps what was typed", async ({
    page,
  }) => {
    await registerAccount(page.request);
    await page.goto('/projects');
    await page.route('**/api/projects', (route) =>
      route.request().method() === 'POST' ? route.fulfill(failWith500) : route.continue(),
    );
    await page.getByRole('button', { name: 'New Project' }).click();
    const create = dialog(page, 'Create New Project');
    await create.getByLabel('Name', { exact: true }).fill('Unlucky');
    await create.getByLabel('Description').fill('Typed text');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(toasts(page)).toContainText('Failed to create project');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(create.getByLabel('Name', { exact: true })).toHaveValue('Unlucky');
    await expect(create.getByLabel('Description')).toHaveValue('Typed text');
  });

  test("the member checklist says 'No users available' when there are none and scrolls at 300 px", async ({ page }) => {
    await registerAccount(page.request);
    for (let i = 0; i < 8; i += 1) await addColleague(page.request, `Colleague ${i}`);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    const checklist = dialog(page, 'Create New Project').getByTestId('member-checklist');
    await expect(checklist.getByRole('checkbox')).toHaveCount(9);
    await expect(checklist).toHaveCSS('max-height', '300px');
    await expect(checklist).toHaveCSS('overflow-y', 'auto');
    expect(await checklist.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.keyboard.press('Escape');

    await page.route('**/api/organization-users', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'New Project' }).click();
    await expect(dialog(page, 'Create New Project').getByText('No users available')).toBeVisible();
  });

  test('changes the status inline: Status updated, and the failure toast on error', async ({ page }) => {
    await registerAccount(page.request);
    const project = await createProjectViaApi(page.request, { name: 'Inline' });
    await page.goto('/projects');
    const status = row(page, 'Inline').getByRole('combobox', { name: 'Status of Inline' });
    await status.click();
    for (const label of ['Planning', 'In Progress', 'Completed', 'On Hold'])
      await expect(page.getByRole('option', { name: label })).toBeVisible();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(toasts(page)).toContainText('Status updated');
    await expect(status).toHaveText('Completed');
    expect((await projectDetailViaApi(page.request, project.id)).body.status).toBe('completed');

    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(failWith500) : route.continue(),
    );
    await status.click();
    await page.getByRole('option', { name: 'On Hold' }).click();
    await expect(toasts(page)).toContainText('Failed to update status');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(status).toHaveText('Completed');
  });

  test('edits a project with the Edit Project dialog: PATCH then PUT members, Project updated', async ({ page }) => {
    const account = await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const project = await createProjectViaApi(page.request, {
      name: 'Old name',
      description: 'Old text',
      status: 'planning',
      dueDate: '2026-01-05',
    });
    await page.request.put(`/api/projects/${project.id}/members`, { data: { memberIds: [grace.id] } });
    await page.goto('/projects');
    await row(page, 'Old name').getByRole('button', { name: 'Edit Old name' }).click();
    const edit = dialog(page, 'Edit Project');
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Old name');
    await expect(edit.getByLabel('Description')).toHaveValue('Old text');
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveText('Planning');
    await expect(edit.getByLabel('Due Date (optional)')).toHaveValue('2026-01-05');
    await expect(edit.getByRole('checkbox', { name: /Grace Hopper/ })).toBeChecked();
    await expect(edit.getByRole('checkbox', { name: /Ada Lovelace/ })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);

    const methods: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/projects/${project.id}`) && request.method() !== 'GET') methods.push(request.method());
    });
    await edit.getByLabel('Name', { exact: true }).fill('New name');
    await edit.getByLabel('Due Date (optional)').fill('');
    await edit.getByRole('checkbox', { name: /Grace Hopper/ }).click();
    await edit.getByRole('checkbox', { name: /Ada Lovelace/ }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Project updated');
    await expect(edit).toBeHidden();
    await expect(row(page, 'New name')).toContainText('—');
    expect(methods).toEqual(['PATCH', 'PUT']);
    const detail = (await projectDetailViaApi(page.request, project.id)).body;
    expect(detail).toMatchObject({ name: 'New name', dueDate: null });
    expect(detail.members.map((member) => member.id)).toEqual([account.userId]);
  });

  test("a failed edit shows 'Failed to update project' and keeps what was typed", async ({ page }) => {
    await registerAccount(page.request);
    const project = await createProjectViaApi(page.request, { name: 'Stable name' });
    await page.goto('/projects');
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(failWith500) : route.continue(),
    );
    await row(page, 'Stable name').getByRole('button', { name: 'Edit Stable name' }).click();
    const edit = dialog(page, 'Edit Project');
    await edit.getByLabel('Name', { exact: true }).fill('Typed name');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page)).toContainText('Failed to update project');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Typed name');
  });

  test("manages members with the Manage Project Members dialog: 'Save Members', and the failure toast", async ({ page }) => {
    await registerAccount(page.request, { fullName: 'Ada Lovelace' });
    const grace = await addColleague(page.request, 'Grace Hopper');
    const project = await createProjectViaApi(page.request, { name: 'Team work' });
    await page.goto('/projects');
    await row(page, 'Team work').getByRole('button', { name: 'Manage Members of Team work' }).click();
    const manage = dialog(page, 'Manage Project Members');
    await expect(manage.getByRole('checkbox', { name: /Grace Hopper/ })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await manage.getByRole('checkbox', { name: /Grace Hopper/ }).click();
    await manage.getByRole('button', { name: 'Save Members' }).click();
    await expect(toasts(page)).toContainText('Project members updated');
    await expect(manage).toBeHidden();
    expect((await projectDetailViaApi(page.request, project.id)).body.members.map((member) => member.id)).toEqual([grace.id]);

    await page.route(`**/api/projects/${project.id}/members`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill(failWith500) : route.continue(),
    );
    await row(page, 'Team work').getByRole('button', { name: 'Manage Members of Team work' }).click();
    await expect(manage.getByRole('checkbox', { name: /Grace Hopper/ })).toBeChecked();
    await manage.getByRole('checkbox', { name: /Ada Lovelace/ }).click();
    await manage.getByRole('button', { name: 'Save Members' }).click();
    await expect(toasts(page)).toContainText('Failed to update project members');
    await expect(manage.getByRole('checkbox', { name: /Ada Lovelace/ })).toBeChecked();
  });

  test('deletes a project after the confirmation, and shows the failure toast when it fails', async ({ page }) => {
    await registerAccount(page.request);
    const keep = await createProjectViaApi(page.request, { name: 'Keep me' });
    await createProjectViaApi(page.request, { name: 'Remove me' });
    await page.goto('/projects');

    await page.route(`**/api/projects/${keep.id}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(failWith500) : route.continue(),
    );
    await row(page, 'Keep me').getByRole('button', { name: 'Delete Keep me' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Project' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Failed to delete project');
    await expect(toasts(page)).toContainText('500: Internal server error');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Keep me')).toBeVisible();

    await row(page, 'Remove me').getByRole('button', { name: 'Delete Remove me' }).click();
    await expect(confirm).toContainText('Are you sure you want to delete this project? This action cannot be undone.');
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Project deleted');
    await expect(row(page, 'Remove me')).toHaveCount(0);
    await expect(row(page, 'Keep me')).toBeVisible();
  });

  test('fits a 360 px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await registerAccount(page.request);
    await createProjectViaApi(page.request, { name: 'Narrow' });
    await page.goto('/projects');
    await expect(page.getByRole('button', { name: 'New Project' })).toBeInViewport();
    // Polish review, item 13: the first project is on the first screen; the filters beyond the name fold under 'Filters'.
    await expect(page.getByRole('link', { name: 'Narrow' })).toBeInViewport();
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Status', { exact: true })).toBeHidden();
    await filters.click();
    await page.getByRole('checkbox', { name: 'My projects' }).click();
    await expect(page).toHaveURL('/projects?member=me');
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Status', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
});
