import { seedBigOrganization } from './support/big-organization';
import { expect, signIn, test } from './support/fixtures';
import { projectDetailViaApi } from './support/projects';
import { toasts } from './support/toasts';

test.describe('Manage Project Members at the cap', () => {
  // Seeding 500 people straight into the table takes seconds on a busy machine: a limit, not a timing.
  test.describe.configure({ timeout: 90_000 });

  test('a project of 500 members: the dialog lists them, one is found by search, unticked and saved; the list is the 499 others', async ({
    page,
  }) => {
    const org = await seedBigOrganization({ projects: 1, membersPerProject: 500, staff: 499, notificationsPerUser: 0 });
    const [projectId] = org.projectIds;
    const leaving = org.staff[299]!;
    await signIn(page.request, org.admin.email, org.password);
    await page.goto('/projects');
    await page.getByRole('button', { name: /^Manage Members of / }).click();

    const manage = page.getByRole('dialog', { name: 'Manage Project Members' });
    const checklist = manage.getByTestId('member-checklist');
    await expect(manage.getByText('500 selected')).toBeVisible();
    await expect(checklist.getByRole('checkbox', { name: new RegExp(org.admin.fullName) })).toBeChecked();
    // Only the rows in view are drawn, not 500.
    expect(await checklist.getByRole('checkbox').count()).toBeLessThan(40);

    await manage.getByRole('searchbox', { name: 'Search people' }).fill(leaving.fullName.toLowerCase());
    const found = checklist.getByRole('checkbox', { name: new RegExp(`${leaving.fullName} ${leaving.email}`) });
    await expect(found).toBeChecked();
    await expect(checklist.getByRole('checkbox')).toHaveCount(1);
    // By keyboard, as the dialog's focus trap allows: Tab from the search to the person, Space unticks.
    await manage.getByRole('searchbox', { name: 'Search people' }).press('Tab');
    await expect(found).toBeFocused();
    await page.keyboard.press('Space');
    await expect(found).not.toBeChecked();
    await expect(manage.getByText('499 selected')).toBeVisible();
    // Out of the search results, still unticked.
    await manage.getByRole('searchbox', { name: 'Search people' }).fill('');
    await expect(checklist.getByRole('checkbox', { name: new RegExp(org.admin.fullName) })).toBeChecked();
    await expect(manage.getByText('499 selected')).toBeVisible();

    await manage.getByRole('button', { name: 'Save Members' }).click();
    await expect(manage).toBeHidden();
    await expect(toasts(page)).toContainText('Project members updated');
    const members = (await projectDetailViaApi(page.request, projectId!)).body.members.map((member) => member.id);
    expect(members).toHaveLength(499);
    expect(new Set(members)).toEqual(
      new Set([org.admin, ...org.staff].filter((user) => user.id !== leaving.id).map((user) => user.id)),
    );

    // Opened again: the count and the person's box say the same.
    await page.getByRole('button', { name: /^Manage Members of / }).click();
    await expect(manage.getByText('499 selected')).toBeVisible();
    await manage.getByRole('searchbox', { name: 'Search people' }).fill(leaving.fullName.toLowerCase());
    await expect(checklist.getByRole('checkbox', { name: new RegExp(`${leaving.fullName} ${leaving.email}`) })).not.toBeChecked();
  });
});
