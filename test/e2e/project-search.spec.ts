import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, test } from './support/fixtures';
import { createProjectViaApi, openProjectSearch } from './support/projects';

test.describe('Projects search', () => {
  test('Ctrl+K opens it; it filters by name case-insensitively, shows name and status, and opens the chosen project', async ({
    page,
  }) => {
    await registerAccount(page.request);
    const spring = await createProjectViaApi(page.request, { name: 'Spring Launch', status: 'in_progress' });
    await createProjectViaApi(page.request, { name: 'Autumn sale', status: 'completed' });
    await createProjectViaApi(page.request, { name: 'SPRINGBOARD', status: 'on_hold' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await openProjectSearch(page);
    const search = page.getByRole('dialog', { name: 'Search projects' });
    const input = search.getByPlaceholder('Search projects by name...');
    await expect(input).toBeFocused();
    await expect(search.getByRole('option')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    await input.fill('sPrInG');
    const options = search.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.filter({ hasText: 'Spring Launch' })).toContainText('In Progress');
    await expect(options.filter({ hasText: 'SPRINGBOARD' })).toContainText('On Hold');

    await input.fill('nothing like this');
    await expect(search.getByText('No projects found.')).toBeVisible();
    await expect(options).toHaveCount(0);

    await input.fill('launch');
    await options.filter({ hasText: 'Spring Launch' }).click();
    await expect(page).toHaveURL(`/projects/${spring.id}`);
    await expect(search).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Spring Launch', level: 1 })).toBeVisible();
  });

  test('opens from the visible button and with the keyboard chooses a result with Enter; Escape closes it', async ({ page }) => {
    await registerAccount(page.request);
    const only = await createProjectViaApi(page.request, { name: 'Keyboard project' });
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Search projects...' }).click();
    const search = page.getByRole('dialog', { name: 'Search projects' });
    await expect(search).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    await openProjectSearch(page);
    await search.getByPlaceholder('Search projects by name...').fill('keyboard');
    // As a person does: Enter once the result is listed (before, Enter has nothing to open).
    await expect(search.getByRole('option', { name: /Keyboard project/ })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/projects/${only.id}`);
  });

  test('its list scrolls at 300 px and shows projects changed since it was first opened, without a reload', async ({ page }) => {
    test.slow();
    await registerAccount(page.request);
    for (let i = 0; i < 12; i += 1) await createProjectViaApi(page.request, { name: `Project ${String(i).padStart(2, '0')}` });
    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'Project 11' })).toBeVisible();
    await openProjectSearch(page);
    const search = page.getByRole('dialog', { name: 'Search projects' });
    await expect(search.getByRole('option')).toHaveCount(12);
    const list = search.getByRole('listbox');
    await expect(list).toHaveCSS('max-height', '300px');
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New Project' }).click();
    await page.getByRole('dialog', { name: 'Create New Project' }).getByLabel('Name', { exact: true }).fill('Brand new');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Project' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Brand new' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Project 00', exact: true }) });
    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(row.getByRole('combobox')).toHaveText('Completed');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Project 01', exact: true }) })
      .getByRole('button', { name: 'Delete Project 01' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'Project 01', exact: true })).toHaveCount(0);

    await openProjectSearch(page);
    await search.getByPlaceholder('Search projects by name...').fill('project 0');
    await expect(search.getByRole('option').filter({ hasText: 'Project 00' })).toContainText('Completed');
    await expect(search.getByRole('option').filter({ hasText: 'Project 01' })).toHaveCount(0);
    await search.getByPlaceholder('Search projects by name...').fill('brand');
    await expect(search.getByRole('option')).toHaveText(['Brand newPlanning']);
  });

  test("finds people (for admins) and the app's screens too, each opening where it belongs (polish review, day one)", async ({
    page,
  }) => {
    await registerAccount(page.request);
    const email = `grace-${Date.now()}@example.com`;
    expect(
      (
        await page.request.post('/api/organization/users', {
          data: { username: email, fullName: 'Grace Palette', password: 'staff-password', role: 'staff' },
        })
      ).status(),
    ).toBe(201);
    await page.goto('/dashboard');
    await openProjectSearch(page);
    const search = page.getByRole('dialog', { name: 'Search projects' });
    const input = search.getByPlaceholder('Search projects by name...');
    await input.fill('grace pal');
    const person = search.getByRole('group', { name: 'People' }).getByRole('option');
    await expect(person).toHaveCount(1);
    await expect(person).toContainText('Grace Palette');
    await expect(search.getByText('No projects found.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/organization-settings\?tab=users&q=Grace(\+|%20)Palette$/);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('Grace Palette');
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

    await openProjectSearch(page);
    await input.fill('two-factor');
    await expect(search.getByRole('group', { name: 'Go to' }).getByRole('option')).toHaveText(['User Settings: Security']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/user-settings?tab=security');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });
});
