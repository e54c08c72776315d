import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { scimTokenKeys } from '../../../functions/scim-tokens/keys';
import { type SignedIn, registerOrganization, uniqueEmail } from '../support/api';
import { addUserThroughApi } from '../support/org-members';
import { testTable } from '../support/table';
import { stepUp } from '../support/two-factor';
import { ERROR_SCHEMA, GROUPS, PATCH_SCHEMA, USERS, createScimToken, patchActive, scim, scimUserBody } from './scim-support';

const TOKENS = '/api/organization/scim-tokens';

/** RFC 7644 §3.5.2.1: add people to a group (here: make them admins). */
const addMembers = (...ids: string[]) => ({
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: 'add', path: 'members', value: ids.map((value) => ({ value })) }],
});

/** An organization with two admins, each with a SCIM token of their own. */
async function twoAdminsWithTokens() {
  const owner = await registerOrganization();
  const second = await addUserThroughApi(owner, 'Bea Second', 'admin');
  const [ownersToken, secondsToken] = [await createScimToken(owner, 'Okta'), await createScimToken(second, 'Entra ID')];
  return { owner, second, ownersToken: ownersToken.token, secondsToken: secondsToken.token };
}

/** What an identity provider tries with a token: read people and groups, create a person, make someone an admin. */
async function everyUse(token: string, promote: string) {
  return {
    users: await scim(token, USERS),
    groups: await scim(token, GROUPS),
    create: await scim(token, USERS, { body: scimUserBody(uniqueEmail('pushed')) }),
    promote: await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: addMembers(promote) }),
  };
}

function expectAllRefused(answers: Awaited<ReturnType<typeof everyUse>>) {
  for (const [use, answer] of Object.entries(answers)) {
    expect(answer.status, use).toBe(401);
    expect(answer.headers.get('content-type'), use).toContain('application/scim+json');
    expect(answer.body, use).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
  }
}

const roleOf = async (admin: SignedIn, userId: string) =>
  ((await admin.call('/api/organization/users')).body as { id: string; currentRole: { role: string } }[]).find(
    (user) => user.id === userId,
  )?.currentRole.role;

describe('A SCIM token acts only while the admin who created it is still an admin (issue 39, finding 2’s pattern; decision 069)', () => {
  it('a token whose creator was demoted is refused with 401 on Users and Groups, and promotes nobody; another admin’s token keeps working', async () => {
    const { owner, second, ownersToken, secondsToken } = await twoAdminsWithTokens();
    const staff = await addUserThroughApi(owner, 'Sam Staff');
    const demoted = await owner.call('/api/organization/users', {
      body: { username: second.email, fullName: 'Bea Second', role: 'staff' },
    });
    expect(demoted.status).toBe(200);

    expectAllRefused(await everyUse(secondsToken, second.user.id));
    expect(await roleOf(owner, second.user.id)).toBe('staff');

    const stillWorking = await everyUse(ownersToken, staff.user.id);
    expect([
      stillWorking.users.status,
      stillWorking.groups.status,
      stillWorking.create.status,
      stillWorking.promote.status,
    ]).toEqual([200, 200, 201, 204]);
    expect(await roleOf(owner, staff.user.id)).toBe('admin');
  });

  it('a token whose creator was removed is refused with 401 on Users and Groups; another admin’s token keeps working', async () => {
    const { owner, second, ownersToken, secondsToken } = await twoAdminsWithTokens();
    const staff = await addUserThroughApi(owner, 'Sam Staff');
    expect((await owner.call(`/api/organization/users/${second.user.id}`, { method: 'DELETE' })).status).toBe(200);

    expectAllRefused(await everyUse(secondsToken, staff.user.id));
    expect(await roleOf(owner, staff.user.id)).toBe('staff');
    expect((await scim(ownersToken, USERS)).status).toBe(200);
  });

  it('a token promoted back with its creator works again: it follows the creator’s current role, not a one-way switch', async () => {
    const { owner, second, secondsToken } = await twoAdminsWithTokens();
    expect(
      (await owner.call('/api/organization/users', { body: { username: second.email, fullName: 'Bea Second', role: 'staff' } }))
        .status,
    ).toBe(200);
    expect((await scim(secondsToken, USERS)).status).toBe(401);
    expect(
      (await owner.call('/api/organization/users', { body: { username: second.email, fullName: 'Bea Second', role: 'admin' } }))
        .status,
    ).toBe(200);
    expect((await scim(secondsToken, USERS)).status).toBe(200);
  });

  it('the identity provider may demote the token’s own creator once; the token stops working with that change', async () => {
    const { owner, second, secondsToken } = await twoAdminsWithTokens();
    const left = await scim(secondsToken, `${GROUPS}/admin`, {
      method: 'PATCH',
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'remove', path: `members[value eq "${second.user.id}"]` }] },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(204);
    expect(await roleOf(owner, second.user.id)).toBe('staff');
    expect((await scim(secondsToken, USERS)).status).toBe(401);
  });

  it('each write holds the creator’s role in its own transaction: once a request has demoted the creator, its next change is refused (401) and not made', async () => {
    const { owner, second, secondsToken } = await twoAdminsWithTokens();
    const third = await addUserThroughApi(owner, 'Cy Third', 'admin');
    // Joining Staff is leaving Administrators; the people move one transaction each, in the order named: the creator first.
    const moved = await scim(secondsToken, `${GROUPS}/staff`, {
      method: 'PATCH',
      body: addMembers(second.user.id, third.user.id),
    });
    expect(moved.status).toBe(401);
    expect(moved.body).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
    expect(await roleOf(owner, second.user.id)).toBe('staff');
    expect(await roleOf(owner, third.user.id)).toBe('admin');
  });

  it('the identity provider may deactivate the token’s own creator; the token stops working with them', async () => {
    const { owner, second, secondsToken } = await twoAdminsWithTokens();
    const deactivated = await scim(secondsToken, `${USERS}/${second.user.id}`, { method: 'PATCH', body: patchActive(false) });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(await roleOf(owner, second.user.id)).toBeUndefined();
    expect((await scim(secondsToken, USERS)).status).toBe(401);
  });

  it('the tokens card lists who created each token; a token made before creators were recorded keeps working and is listed without one', async () => {
    const { owner, second, secondsToken } = await twoAdminsWithTokens();
    await stepUp(owner);
    const listed = (await owner.call(TOKENS)).body as { name: string; createdBy: unknown }[];
    expect(listed.map(({ name, createdBy }) => ({ name, createdBy }))).toEqual([
      { name: 'Okta', createdBy: { id: owner.user.id, fullName: owner.user.fullName } },
      { name: 'Entra ID', createdBy: { id: second.user.id, fullName: 'Bea Second' } },
    ]);

    const { db, tableName } = testTable();
    const [, , tokenId] = secondsToken.split('_');
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: scimTokenKeys.scimToken(owner.orgId, tokenId!),
        UpdateExpression: 'REMOVE createdBy',
      }),
    );
    expect(
      (await owner.call('/api/organization/users', { body: { username: second.email, fullName: 'Bea Second', role: 'staff' } }))
        .status,
    ).toBe(200);
    expect((await scim(secondsToken, USERS)).status).toBe(200);
    expect(((await owner.call(TOKENS)).body as { createdBy: unknown }[])[1]!.createdBy).toBeNull();
  });
});
