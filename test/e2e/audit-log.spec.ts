import { readFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { parseCsv } from '../support/csv';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, signIn, test, uniqueEmail } from './support/fixtures';

const HEADER = [
  'Time (UTC)',
  'Actor',
  'Actor email',
  'Actor ID',
  'Action',
  'Target type',
  'Target ID',
  'Target',
  'Client address',
  'User agent',
  'Details',
];

test.describe('audit log (issue 15)', () => {
  test('an admin sees what they just did, filters it and exports it as CSV', async ({ signedInPage: page, account }) => {
    // What the admin does: signs out and in again, renames the organization, adds a staff member
    // and makes them an admin, and turns on two-factor sign-in.
    expect((await page.request.post('/api/logout')).status()).toBe(200);
    await signIn(page.request, account.email, account.password);
    const newName = 'Acme, "Quoted" Ltd';
    expect((await page.request.patch(`/api/organization/${account.orgId}`, { data: { name: newName } })).status()).toBe(200);
    const staffEmail = uniqueEmail('sam');
    const member = { username: staffEmail, fullName: 'Sam Staff', password: 'member-password' };
    expect((await page.request.post('/api/organization/users', { data: { ...member, role: 'staff' } })).status()).toBe(201);
    expect((await page.request.post('/api/organization/users', { data: { ...member, role: 'admin' } })).status()).toBe(200);
    expect((await page.request.post('/api/user/step-up', { data: { password: account.password } })).status()).toBe(204);
    const setup = await (await page.request.post('/api/user/mfa/setup')).json();
    expect(
      (await page.request.post('/api/user/mfa/enable', { data: { code: await generate({ secret: setup.secret }) } })).status(),
    ).toBe(200);

    await page.goto('/organization-settings');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const table = page.getByRole('table', { name: 'Audit log' });
    const rows = table.getByRole('row');
    // Newest first: the header row, then the events in the reverse of the order they were done.
    await expect(rows.nth(1)).toContainText('Two-factor turned on');
    // The save that made Sam an admin also set a password: 'User edited' beside 'Role changed'.
    const actions = (await rows.locator('td:nth-child(3)').allTextContents()).slice(0, 7);
    expect(actions).toEqual([
      'Two-factor turned on',
      'User edited',
      'Role changed',
      'User added',
      'Organization renamed',
      'Signed in',
      'Signed out',
    ]);
    const roleChange = rows.filter({ hasText: 'Role changed' });
    await expect(roleChange).toContainText('Sam Staff');
    await expect(roleChange).toContainText(account.fullName);
    await expect(roleChange).toContainText(/from: staff, to: admin/);
    await expect(rows.filter({ hasText: 'Organization renamed' })).toContainText(newName);

    // Filter by action: only the role change stays.
    await page.getByLabel('Action').click();
    await page.getByRole('option', { name: 'Role changed' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Sam Staff');
    // A person and a day with nothing of theirs: the empty state.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-02');
    await expect(page.getByText('No events match these filters.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await expect(rows).toHaveCount(2);

    // Export CSV: the filtered range, as a file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^growthwise-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''));
    expect(csv[0]).toEqual(HEADER);
    expect(csv.slice(1).map((row) => [row[1], row[4], row[7], row[10]])).toEqual([
      [account.fullName, 'user.role_changed', 'Sam Staff', '{"from":"staff","to":"admin"}'],
    ]);

    // Everything: the renamed organization's quoted name comes back as it was.
    await page.getByLabel('Action').click();
    await page.getByRole('option', { name: 'All actions' }).click();
    await expect(rows.nth(1)).toContainText('Two-factor turned on');
    const everything = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const all = parseCsv((await readFile((await (await everything).path())!, 'utf8')).replace(/^\uFEFF/, ''));
    expect(all.slice(1, 8).map((row) => row[4])).toEqual([
      'mfa.enabled',
      'user.edited',
      'user.role_changed',
      'user.added',
      'organization.renamed',
      'session.signed_in',
      'session.signed_out',
    ]);
    expect(all.find((row) => row[4] === 'organization.renamed')![7]).toBe(newName);
    await expectNoSeriousA11yViolations(page);
  });

  test('on a 390 px screen the log is a list of cards that fits the width', async ({ signedInPage: page, account }) => {
    const longName = `Organization${'W'.repeat(60)}`;
    expect((await page.request.patch(`/api/organization/${account.orgId}`, { data: { name: longName } })).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/organization-settings');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const cards = page.getByRole('list', { name: 'Audit log' });
    await expect(cards.getByRole('listitem').first()).toContainText(longName);
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBe(clientWidth);
    await expectNoSeriousA11yViolations(page);
  });

  test('staff see the permission message', async ({ signedInPage: page, browser }) => {
    const staffEmail = uniqueEmail('staff');
    expect(
      (
        await page.request.post('/api/organization/users', {
          data: { username: staffEmail, fullName: 'Sam Staff', password: 'member-password', role: 'staff' },
        })
      ).status(),
    ).toBe(201);
    const context = await browser.newContext();
    const staffPage = await context.newPage();
    await signIn(staffPage.request, staffEmail, 'member-password');
    await staffPage.goto('/organization-settings?tab=audit-log');
    await staffPage.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await expect(
      staffPage.getByText('You do not have permission to view the audit log. Please contact your administrator.'),
    ).toBeVisible();
    await context.close();
  });
});
