import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { seeded } from '../budgets/budget-fixtures';
import { budgetOf, routeKey } from '../budgets/read-budgets';
import { READ_CONSISTENCY } from '../budgets/read-consistency';
import { type SignedIn, login, registerOrganization, request, uniqueEmail } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { ERROR_SCHEMA, PATCH_SCHEMA, USERS, USER_SCHEMA, createScimToken, patchActive, scim, scimUserBody } from './scim-support';

const filterPath = (userName: string) => `${USERS}?filter=${encodeURIComponent(`userName eq "${userName}"`)}`;

async function provisioned() {
  const admin = await registerOrganization();
  const { token } = await createScimToken(admin);
  return { admin, token };
}

/** Whether the person's session still answers: a signed-out one is 401. */
const sessionStatus = async (member: SignedIn) => (await member.call('/api/user')).status;

describe('SCIM Users: create (RFC 7644 §3.3)', () => {
  it('never takes the address of a registration not yet verified: 409 uniqueness, and its owner still signs in (issue 63, finding 1)', async () => {
    const { token } = await provisioned();
    const owner = await registerOrganization({ email: uniqueEmail('fresh-scim'), password: 'owners-password-1' });
    const created = await scim(token, USERS, { body: scimUserBody(owner.email) });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'uniqueness' });
    await expect(login(owner.email, 'owners-password-1')).resolves.toMatchObject({
      user: { roles: [{ organization: { id: owner.orgId } }] },
    });
  });

  it('creates the person as staff: 201 with the User resource and its Location, in the user list, audited by the actor SCIM', async () => {
    const { admin, token } = await provisioned();
    const userName = uniqueEmail('bjensen');
    const created = await scim(token, USERS, { body: scimUserBody(userName) });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    expect(created.body).toEqual({
      schemas: [USER_SCHEMA],
      id: expect.any(String),
      userName,
      name: { formatted: 'Barbara Jensen' },
      displayName: 'Barbara Jensen',
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
      groups: [{ value: 'staff', display: 'Staff', type: 'direct' }],
      meta: {
        resourceType: 'User',
        created: expect.any(String),
        location: expect.stringMatching(new RegExp(`/api/scim/v2/Users/${created.body.id}$`)),
      },
    });
    expect(created.headers.get('location')).toBe(created.body.meta.location);
    const users = await admin.call('/api/organization/users');
    expect(users.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: created.body.id,
          username: userName,
          fullName: 'Barbara Jensen',
          currentRole: { role: 'staff' },
        }),
      ]),
    );
    expect(await storedAuditEntries(admin.orgId, 'user.added')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: { id: 'scim', fullName: 'SCIM', username: '' },
          target: expect.objectContaining({ id: created.body.id }),
        }),
      ]),
    );
  });

  it('answers 409 uniqueness for an address an account already holds, here or in another organization', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId);
    const elsewhere = await addMemberDirectly((await registerOrganization()).orgId);
    for (const userName of [member.email, elsewhere.email]) {
      const refused = await scim(token, USERS, { body: scimUserBody(userName) });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        schemas: [ERROR_SCHEMA],
        status: '409',
        scimType: 'uniqueness',
        detail: expect.any(String),
      });
    }
  });

  it('refuses unknown schemas, a userName that is not an email, a body that is not JSON and another content type, writing nothing', async () => {
    const { admin, token } = await provisioned();
    const before = (await admin.call('/api/organization/users')).body.length;
    const unknownSchema = await scim(token, USERS, {
      body: { ...scimUserBody(uniqueEmail()), schemas: [USER_SCHEMA, 'urn:example:unknown'] },
    });
    expect(unknownSchema.status).toBe(400);
    expect(unknownSchema.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidSyntax' });
    const noSchema = await scim(token, USERS, { body: { userName: uniqueEmail() } });
    expect(noSchema.body.scimType).toBe('invalidSyntax');
    const badName = await scim(token, USERS, { body: scimUserBody('not-an-email') });
    expect(badName.status).toBe(400);
    expect(badName.body.scimType).toBe('invalidValue');
    const malformed = await request(USERS, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      rawBody: '{"schemas":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.scimType).toBe('invalidSyntax');
    const text = await request(USERS, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      rawBody: JSON.stringify(scimUserBody(uniqueEmail())),
    });
    expect(text.status).toBe(415);
    expect(text.body.schemas).toEqual([ERROR_SCHEMA]);
    expect((await admin.call('/api/organization/users')).body).toHaveLength(before);
  });
});

describe('SCIM Users: find and read (RFC 7644 §3.4)', () => {
  it('finds a person by `userName eq` in any case, answers an empty list for an unknown address, and refuses other filters, and one longer than any address, with invalidFilter', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId, { fullName: 'Mia Member' });
    const found = await scim(token, filterPath(member.email.toUpperCase()));
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [expect.objectContaining({ id: member.user.id, userName: member.email, active: true })],
    });
    expect((await scim(token, filterPath(uniqueEmail()))).body).toMatchObject({ totalResults: 0, Resources: [] });
    const longer = `userName eq "${'a'.repeat(5_000)}@example.com"`;
    for (const filter of [
      'displayName eq "Mia"',
      'userName co "mia"',
      'userName eq mia',
      'userName eq "a" or userName eq "b"',
      longer,
    ]) {
      const refused = await scim(token, `${USERS}?filter=${encodeURIComponent(filter)}`);
      expect(refused.status, filter).toBe(400);
      expect(refused.body, filter).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidFilter' });
    }
  });

  it('pages by startIndex and count, with the organization’s total', async () => {
    const { token } = await provisioned();
    for (let i = 0; i < 4; i += 1) expect((await scim(token, USERS, { body: scimUserBody(uniqueEmail()) })).status).toBe(201);
    // The total is the organization's user count, which the stream consumer adds from each arrival's event.
    const all = await eventually(
      () => scim(token, USERS),
      (answer) => answer.body.totalResults === 5,
    );
    expect(all.body.totalResults).toBe(5);
    expect(all.body.Resources).toHaveLength(5);
    const page = await scim(token, `${USERS}?startIndex=2&count=2`);
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: { id: string }) => user.id)).toEqual(
      all.body.Resources.slice(1, 3).map((user: { id: string }) => user.id),
    );
    expect((await scim(token, `${USERS}?startIndex=5&count=10`)).body.Resources).toHaveLength(1);
    expect((await scim(token, `${USERS}?count=0`)).body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    expect((await scim(token, `${USERS}?count=abc`)).status).toBe(400);
  });

  it('pages a sync through the cursor each page leaves: every person once, the third page reading no more than the first (issue 62)', async () => {
    const { admin } = await seeded('scim-sync', { projects: 1, staff: 249, membersPerProject: 1, notificationsPerUser: 0 });
    const { token } = await createScimToken(admin);
    const pages = [];
    for (let startIndex = 1; startIndex <= 250; startIndex += 100)
      pages.push(await scim(token, `${USERS}?startIndex=${startIndex}&count=100`));
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(pages.map((page) => page.body.itemsPerPage)).toEqual([100, 100, 50]);
    const ids = pages.flatMap((page) => page.body.Resources.map((user: { id: string }) => user.id));
    expect(new Set(ids).size).toBe(250);
    expect(pages.every((page) => page.body.totalResults === 250)).toBe(true);
    // A page reads its own people and the cursor, never the ones before it: 300 people would be about three times the first's.
    expect(pages[2]!.dbReadUnits).toBeLessThanOrEqual(pages[0]!.dbReadUnits + 1);
    // Asked at an index no page led to, the page is the same as an offset's.
    const jump = await scim(token, `${USERS}?startIndex=151&count=10`);
    expect(jump.body.Resources.map((user: { id: string }) => user.id)).toEqual(ids.slice(150, 160));
  }, 120_000);

  it('reads one person by id; an unknown id and a malformed one are 404 in SCIM’s shape', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId, { fullName: 'Mia Member' });
    const read = await scim(token, `${USERS}/${member.user.id}`);
    expect(read.body).toMatchObject({
      id: member.user.id,
      userName: member.email,
      name: { formatted: 'Mia Member' },
      active: true,
    });
    for (const id of ['01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-an-id']) {
      const missing = await scim(token, `${USERS}/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ schemas: [ERROR_SCHEMA], status: '404', detail: expect.any(String) });
    }
  });
});

describe('SCIM Users: replace and modify (RFC 7644 §3.5)', () => {
  it('PUT renames the person (audited by SCIM) and refuses a new userName with mutability', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId, { fullName: 'Mia Member' });
    const replaced = await scim(token, `${USERS}/${member.user.id}`, {
      method: 'PUT',
      body: scimUserBody(member.email, { name: { formatted: 'Mia Renamed' } }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: member.user.id, displayName: 'Mia Renamed', active: true });
    expect((await member.call('/api/user')).body.fullName).toBe('Mia Renamed');
    expect(await storedAuditEntries(admin.orgId, 'user.edited')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: 'scim' }),
        details: expect.objectContaining({ toName: 'Mia Renamed' }),
      }),
    ]);
    const moved = await scim(token, `${USERS}/${member.user.id}`, { method: 'PUT', body: scimUserBody(uniqueEmail()) });
    expect(moved.status).toBe(400);
    expect(moved.body.scimType).toBe('mutability');
  });

  it('PATCH replaces the name given as a value object (as Entra ID sends it), and refuses an unknown op', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId, { fullName: 'Mia Member' });
    const patched = await scim(token, `${USERS}/${member.user.id}`, {
      method: 'PATCH',
      body: {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: 'Replace', value: { 'name.givenName': 'Mia', 'name.familyName': 'Patched' } }],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.displayName).toBe('Mia Patched');
    const refused = await scim(token, `${USERS}/${member.user.id}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_SCHEMA], Operations: [{ op: 'move', path: 'active', value: false }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.scimType).toBe('invalidSyntax');
    expect(await sessionStatus(member)).toBe(200);
  });
});

describe('SCIM Users: deactivation and deletion end the person’s access at once', () => {
  it('PATCH active false answers the person inactive, ends every session, refuses their password, removes them from projects, audited by SCIM', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId);
    const secondSession = await login(member.email, member.password);
    const project = await admin.call('/api/projects', { body: { name: 'Launch' } });
    await admin.call(`/api/projects/${project.body.id}/members`, { method: 'PUT', body: { memberIds: [member.user.id] } });

    const deactivated = await scim(token, `${USERS}/${member.user.id}`, { method: 'PATCH', body: patchActive('False') });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: member.user.id, active: false });
    expect(await sessionStatus(member)).toBe(401);
    expect(await sessionStatus(secondSession)).toBe(401);
    expect((await request('/api/login', { body: { username: member.email, password: member.password } })).status).toBe(401);
    // Their projects are left after the request, from its event (issue 62, item 3).
    expect(
      (
        await eventually(
          () => admin.call(`/api/projects/${project.body.id}/members`),
          (answer) => answer.body.length === 0,
        )
      ).body,
    ).toEqual([]);
    expect((await scim(token, filterPath(member.email))).body.totalResults).toBe(0);
    expect(await storedAuditEntries(admin.orgId, 'user.removed')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: 'scim', fullName: 'SCIM' }),
        target: expect.objectContaining({ id: member.user.id }),
      }),
    ]);
  });

  it('DELETE answers 204 and ends the person’s sessions; a second DELETE is 404', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId);
    const deleted = await scim(token, `${USERS}/${member.user.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await sessionStatus(member)).toBe(401);
    expect((await scim(token, `${USERS}/${member.user.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('the last admin cannot be deactivated or deleted: 409 in SCIM’s shape, and they stay signed in', async () => {
    const { admin, token } = await provisioned();
    for (const [method, body] of [
      ['PATCH', patchActive(false)],
      ['DELETE', undefined],
    ] as const) {
      const refused = await scim(token, `${USERS}/${admin.user.id}`, { method, body });
      expect(refused.status, method).toBe(409);
      expect(refused.body, method).toEqual({
        schemas: [ERROR_SCHEMA],
        status: '409',
        detail: expect.stringContaining('at least one administrator'),
      });
    }
    expect(await sessionStatus(admin)).toBe(200);
    expect(await storedAuditEntries(admin.orgId, 'user.removed')).toEqual([]);
  });
});

describe('SCIM reads stay within their budgets (test/integration/budgets), whatever the organization’s size', () => {
  it('GET /Users and /Users/{id} make at most their round trips, reading as strongly as docs/data-model.md says', async () => {
    const { admin, token } = await provisioned();
    const member = await addMemberDirectly(admin.orgId);
    const list = { method: 'GET', path: USERS } as const;
    const one = { method: 'GET', path: `${USERS}/{id}` } as const;
    const listed = await scim(token, USERS);
    expect(listed.dbCalls).toBeLessThanOrEqual(budgetOf(list));
    expect(listed.dbReads).toEqual(READ_CONSISTENCY[routeKey(list)]);
    const filtered = await scim(token, filterPath(member.email));
    expect(filtered.dbCalls).toBeLessThanOrEqual(budgetOf(list));
    const read = await scim(token, `${USERS}/${member.user.id}`);
    expect(read.dbCalls).toBeLessThanOrEqual(budgetOf(one));
    expect(read.dbReads).toEqual(READ_CONSISTENCY[routeKey(one)]);
  });
});
