import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { organizationKeys } from '../../../functions/organization/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { USERS, createScimToken, scim, scimUserBody } from '../scim/scim-support';
import { Browser, ssoOrganization } from '../sso/sso-support';
import { type SignedIn, login, registerOrganization, request, uniqueEmail } from '../support/api';
import { eventually } from '../support/eventually';
import { mailsTo, tokenFromMail } from '../support/inbox';
import { addUserThroughApi } from '../support/org-members';
import { addPasskey } from '../support/passkeys';
import { testTable } from '../support/table';
import { enrol, stepUp } from '../support/two-factor';

/**
 * The 'Require two-factor' dialog says how many members have neither the authenticator app nor a
 * passkey (issue 43, item 5; docs/decisions/054): every path that adds or removes a member or
 * changes a member's factors moves the organization's count, once, and it always equals a recount.
 */
let recount: typeof import('../../../functions/user/recount-members-without-two-factor');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  recount = await import('../../../functions/user/recount-members-without-two-factor');
});

/** What the admin's Account Settings reads: the organization in GET /api/user. */
async function countShownTo(admin: SignedIn): Promise<number | undefined> {
  const me = await admin.call('/api/user');
  expect(me.status).toBe(200);
  return me.body.roles[0].organization.membersWithoutTwoFactor;
}

/** Waits until the admin is shown `expected` (factor changes are counted by the stream consumer). */
async function expectCount(admin: SignedIn, expected: number) {
  expect(
    await eventually(
      () => countShownTo(admin),
      (count) => count === expected,
    ),
  ).toBe(expected);
}

const storedCount = async (orgId: string) =>
  (await testTable().db.send(new GetCommand({ TableName: testTable().tableName, Key: organizationKeys.organization(orgId) })))
    .Item?.membersWithoutTwoFactor;

async function resetToken(email: string) {
  const mail = await eventually(
    async () => (await mailsTo(email)).find((candidate) => candidate.text.includes('/reset-password#token=')),
    (found) => found !== undefined,
  );
  return tokenFromMail(mail!, '/reset-password');
}

describe('members without two-factor', () => {
  it('counts every member who arrives without a factor, and every factor gained, lost or reset', async () => {
    const admin = await registerOrganization({ fullName: 'Cora Count' });
    await expectCount(admin, 1);

    const added = await addUserThroughApi(admin, 'Abe Added');
    await expectCount(admin, 2);

    const inviteeEmail = uniqueEmail('invitee');
    await invite(admin, inviteeEmail);
    const accepted = await accept((await invitationMail(inviteeEmail)).token);
    expect(accepted.status).toBe(201);
    await expectCount(admin, 3);

    // The admin's first factor: the app.
    const adminApp = await enrol(admin);
    await expectCount(admin, 2);

    // A passkey as a first factor, then a second passkey that moves nothing.
    await addPasskey(added, 'Laptop');
    await addPasskey(added, 'Phone');
    await expectCount(admin, 1);

    // The admin's reset takes every factor: the member counts again.
    const reset = await admin.call(`/api/organization/users/${added.user.id}/mfa`, { method: 'DELETE' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await expectCount(admin, 2);

    // A passkey beside the app is not a first factor; removing the app then leaves the passkey.
    await addPasskey(admin, 'Admin key');
    const disabled = await admin.call('/api/user/mfa/disable', {
      body: { password: admin.password, code: await adminApp.authenticator.nextCode() },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    await expectCount(admin, 2);
    // Removing the last passkey leaves the admin with none.
    await stepUp(admin);
    const [adminKey] = (await admin.call('/api/user/passkeys')).body as { id: string }[];
    expect((await admin.call(`/api/user/passkeys/${adminKey!.id}`, { method: 'DELETE' })).status).toBe(200);
    await expectCount(admin, 3);

    // Two-factor set up today and never passed by a sign-in goes with a password reset by mail.
    const invitee = await login(inviteeEmail, 'invited-password-42');
    await enrol(invitee);
    await expectCount(admin, 2);
    expect((await request('/api/password-reset/request', { body: { username: inviteeEmail } })).status).toBe(200);
    expect(
      (
        await request('/api/password-reset/confirm', {
          body: { token: await resetToken(inviteeEmail), newPassword: 'a-new-password-for-ivy' },
        })
      ).status,
    ).toBe(200);
    await expectCount(admin, 3);

    // Removing a member without a factor takes them off the count.
    expect((await admin.call(`/api/organization/users/${added.user.id}`, { method: 'DELETE' })).status).toBe(200);
    await expectCount(admin, 2);

    // SCIM's creation and deletion are Add User and Remove.
    const { token } = await createScimToken(admin);
    const provisioned = await scim(token, USERS, { method: 'POST', body: scimUserBody(uniqueEmail('scim')) });
    expect(provisioned.status).toBe(201);
    await expectCount(admin, 3);
    expect((await scim(token, `${USERS}/${provisioned.body.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectCount(admin, 2);

    // What was counted is what a recount of the users finds.
    expect(await recount.recountMembersWithoutTwoFactor(admin.orgId)).toBe(2);
    expect(await storedCount(admin.orgId)).toBe(2);
  }, 240_000);

  it('counts a person signing in with single sign-on for the first time', async () => {
    const { admin, domain } = await ssoOrganization();
    await expectCount(admin, 1);
    await new Browser().signInWithSso(`newcomer@${domain}`);
    await expectCount(admin, 2);
  }, 60_000);

  it('shows the count to admins only', async () => {
    const admin = await registerOrganization();
    const staff = await addUserThroughApi(admin, 'Sam Staff');
    // An arrival is counted from its event, by the stream consumer, a moment after the request.
    await expectCount(admin, 2);
    expect((await staff.call('/api/user')).body.roles[0].organization).not.toHaveProperty('membersWithoutTwoFactor');
  });

  it('recounts an organization from before the count, and a second run changes nothing', async () => {
    const admin = await registerOrganization();
    await addUserThroughApi(admin, 'Olga Older');
    await enrol(admin);
    await expectCount(admin, 1);
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: organizationKeys.organization(admin.orgId),
        UpdateExpression: 'REMOVE membersWithoutTwoFactor',
      }),
    );
    expect(await countShownTo(admin)).toBeUndefined();
    expect(await recount.recountMembersWithoutTwoFactor(admin.orgId)).toBe(1);
    expect(await recount.recountMembersWithoutTwoFactor(admin.orgId)).toBe(1);
    expect(await countShownTo(admin)).toBe(1);
  }, 60_000);
});
