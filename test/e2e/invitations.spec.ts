import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, registerAccount, signIn, test, uniqueEmail } from './support/fixtures';
import { mailLink } from './support/inbox';
import { addColleague } from './support/projects';
import { holdRequests, toasts } from './support/toasts';

/** While a modal is open Radix hides the rest of the page from the accessibility tree, the toast region included. */
const toastsBehindModal = (page: Page) => page.locator('li[data-toast-id]');

const pendingSection = (page: Page) => page.getByRole('region', { name: 'Pending invitations' });

async function openUsersTab(page: Page) {
  await page.goto('/organization-settings');
  await page.getByRole('tab', { name: 'Users' }).click();
}

async function inviteThroughDialog(page: Page, email: string, role: 'Administrator' | 'Staff' = 'Staff') {
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  if (role === 'Administrator') {
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Administrator' }).click();
  }
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText('Invitation sent');
}

test('an admin invites; the invitee follows the mailed link in another browser, accepts and lands on the dashboard; the admin sees the new user', async ({
  page,
  browser,
}) => {
  const admin = await registerAccount(page.request, { fullName: 'Ada Admin', organizationName: 'Invite Works' });
  await openUsersTab(page);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
  await expect(pendingSection(page)).toContainText('No pending invitations');

  const email = uniqueEmail('invitee');
  // 'Sending...' while the invitation is on its way.
  const release = await holdRequests(page, '**/api/organization/invitations');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  release();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText('Invitation sent');
  await page.unroute('**/api/organization/invitations');

  const invitationRow = pendingSection(page).getByRole('row').filter({ hasText: email });
  await expect(invitationRow).toContainText('Staff');
  await expect(invitationRow).toContainText('Ada Admin');
  await expect(invitationRow).toContainText('in 6 days');
  // The count badge counts users only.
  await expect(page.getByText('1 User', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(await mailLink(email, 'Ada Admin invited you', 'invite'));
  await expect(inviteePage.getByText('Join Invite Works on Growthwise')).toBeVisible();
  await expect(inviteePage.getByText('Ada Admin invited you to join as Staff.')).toBeVisible();
  await expect(inviteePage.getByLabel('Email')).toHaveValue(email);
  await expect(inviteePage.getByLabel('Email')).not.toBeEditable();
  await expectNoSeriousA11yViolations(inviteePage);
  // The registration rules and messages.
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage.getByText('Full name is required')).toBeVisible();
  await expect(inviteePage.getByText('Password must be at least 6 characters long')).toBeVisible();
  await inviteePage.getByLabel('Full Name').fill('Ivy Invitee');
  await inviteePage.getByLabel('Password').fill('ivy-chooses-this-9');
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage).toHaveURL('/dashboard');
  await expect(toasts(inviteePage)).toContainText('Welcome to Invite Works, Ivy Invitee!');
  await invitee.close();

  await page.reload();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Ivy Invitee' })).toContainText(email);
  await expect(page.getByText('2 Users', { exact: true })).toBeVisible();
  await expect(pendingSection(page)).toContainText('No pending invitations');
  void admin;
});

test('resend and revoke from the table: a resend voids the old link, a revoke asks first and kills the link', async ({
  page,
  browser,
}) => {
  await registerAccount(page.request, { fullName: 'Rita Resend' });
  await openUsersTab(page);
  const resent = uniqueEmail('resent');
  const revoked = uniqueEmail('revoked');
  await inviteThroughDialog(page, resent);
  await inviteThroughDialog(page, revoked, 'Administrator');
  await expect(pendingSection(page).getByRole('row').filter({ hasText: revoked })).toContainText('Administrator');
  const firstLink = await mailLink(resent, 'Rita Resend invited you', 'invite');
  const revokedLink = await mailLink(revoked, 'Rita Resend invited you', 'invite');

  await page.getByRole('button', { name: `Resend invitation to ${resent}` }).click();
  await expect(toasts(page)).toContainText('Invitation resent');
  const secondLink = await mailLink(resent, 'Rita Resend invited you', 'invite', 2);
  expect(secondLink).not.toBe(firstLink);

  await page.getByRole('button', { name: `Revoke invitation to ${revoked}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation?' });
  await expect(confirm).toContainText(revoked);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(pendingSection(page).getByRole('row').filter({ hasText: revoked })).toBeVisible();
  await page.getByRole('button', { name: `Revoke invitation to ${revoked}` }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(toastsBehindModal(page)).toContainText('Invitation revoked');
  await expect(pendingSection(page).getByRole('row').filter({ hasText: revoked })).toHaveCount(0);
  await expect(pendingSection(page).getByRole('row').filter({ hasText: resent })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const dead of [firstLink, revokedLink]) {
    await visitorPage.goto(dead);
    await expect(visitorPage.getByText('This invitation is invalid or has expired.')).toBeVisible();
  }
  await visitorPage.goto(secondLink);
  await expect(visitorPage.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
  await visitor.close();
});

test('an invitation to an address that already has an account is refused in the dialog, which keeps what was typed', async ({
  page,
}) => {
  const admin = await registerAccount(page.request);
  await openUsersTab(page);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toastsBehindModal(page)).toContainText('Failed to send invitation');
  await expect(dialog.getByText('An account with this email already exists')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(admin.email);
});

test('the invalid-link card, and a signed-in visitor is told to sign out first', async ({ page }) => {
  await page.goto('/invite#token=not-a-real-token');
  await expect(page.getByText('This invitation is invalid or has expired.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL('/auth');

  await page.goto('/invite');
  await expect(page.getByText('This invitation is invalid or has expired.')).toBeVisible();

  await registerAccount(page.request, { fullName: 'Sid Signedin' });
  // A new page load (not a fragment change): the app learns of the session the request started.
  await page.goto('/auth');
  await page.goto('/invite#token=whatever-token');
  await expect(
    page.getByText('You are signed in as Sid Signedin. Please sign out first to accept this invitation with a new account.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('This invitation is invalid or has expired.')).toBeVisible();
});

// Polish review, item 13: on a phone the pending invitations are cards, with Resend and Revoke on screen.
test('on a phone, each pending invitation is a card whose Resend and Revoke are on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAccount(page.request, { fullName: 'Pia Phone' });
  const invitee = uniqueEmail('phone-invitee-with-a-rather-long-address');
  expect((await page.request.post('/api/organization/invitations', { data: { email: invitee, role: 'staff' } })).status()).toBe(
    201,
  );
  await page.goto('/organization-settings?tab=users');
  const card = pendingSection(page).getByRole('listitem').filter({ hasText: invitee });
  await expect(card).toContainText('Invited by Pia Phone');
  for (const name of [`Resend invitation to ${invitee}`, `Revoke invitation to ${invitee}`]) {
    const box = (await card.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(pendingSection(page).getByRole('table')).toBeHidden();
});

test('an invitation whose inviter is no longer an admin opens on a card that says so, with no form (issue 39)', async ({
  page,
  browser,
}) => {
  await registerAccount(page.request, { fullName: 'Olive Owner' });
  const inviter = { username: uniqueEmail('ivan'), fullName: 'Ivan Inviter', password: 'inviter-password' };
  expect((await page.request.post('/api/organization/users', { data: { ...inviter, role: 'admin' } })).status()).toBe(201);
  const inviterContext = await browser.newContext();
  expect(
    (
      await inviterContext.request.post('/api/login', { data: { username: inviter.username, password: inviter.password } })
    ).status(),
  ).toBe(200);
  const email = uniqueEmail('invitee');
  expect((await inviterContext.request.post('/api/organization/invitations', { data: { email, role: 'admin' } })).status()).toBe(
    201,
  );
  await inviterContext.close();
  // The owner demotes the inviter: the invitation no longer carries an admin's authority.
  expect(
    (
      await page.request.post('/api/organization/users', {
        data: { username: inviter.username, fullName: inviter.fullName, role: 'staff' },
      })
    ).status(),
  ).toBe(200);

  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(await mailLink(email, 'Ivan Inviter invited you', 'invite'));
  await expect(
    inviteePage.getByText(
      'This invitation is no longer valid: the person who sent it is no longer an admin of the organization. Ask an admin to invite you again.',
    ),
  ).toBeVisible();
  await expect(inviteePage.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
  await expect(inviteePage.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await invitee.close();
});

// Polish review, day one: admins invite from the sidebar; staff have no such link.
test("'Invite people' in an admin's sidebar opens Invite User on the Users tab; staff do not see it", async ({
  page,
  browser,
}) => {
  await registerAccount(page.request, { fullName: 'Sid Sidebar' });
  const staff = await addColleague(page.request, 'Stan Staff');
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL('/organization-settings?tab=users&invite=1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/organization-settings?tab=users');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Invite User', exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const staffContext = await browser.newContext();
  await signIn(staffContext.request, staff.email, staff.password);
  const staffPage = await staffContext.newPage();
  await staffPage.goto('/dashboard');
  await expect(
    staffPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects', exact: true }),
  ).toBeVisible();
  await expect(staffPage.getByRole('link', { name: 'Invite people' })).toHaveCount(0);
  await staffContext.close();
});
