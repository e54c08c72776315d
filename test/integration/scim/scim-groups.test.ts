import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { budgetOf, routeKey } from '../budgets/read-budgets';
import { READ_CONSISTENCY } from '../budgets/read-consistency';
import { registerOrganization, uniqueEmail } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { ERROR_SCHEMA, GROUPS, GROUP_SCHEMA, PATCH_SCHEMA, USERS, createScimToken, scim, scimUserBody } from './scim-support';

/** An organization with its admin, a SCIM token, and two people the IdP created (staff). */
async function provisioned() {
  const admin = await registerOrganization();
  const { token } = await createScimToken(admin);
  const people = [];
  for (const name of ['Ann', 'Ben']) {
    const created = await scim(token, USERS, {
      body: scimUserBody(uniqueEmail(name.toLowerCase()), { name: { formatted: `${name} Person` } }),
    });
    expect(created.status).toBe(201);
    people.push(created.body as { id: string; userName: string });
  }
  return { admin, token, ann: people[0]!, ben: people[1]! };
}

/** The role a person has, as their User resource's `groups` says. */
const groupOf = async (token: string, userId: string) =>
  ((await scim(token, `${USERS}/${userId}`)).body.groups as { value: string }[]).map((group) => group.value);

const memberIds = (group: { members?: { value: string }[] }) => (group.members ?? []).map((member) => member.value).sort();

/** RFC 7644 §3.5.2.1's example: add members. */
const addMembers = (...ids: string[]) => ({
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: 'add', path: 'members', value: ids.map((value) => ({ value })) }],
});
/** RFC 7644 §3.5.2.2's example: remove one member by a filtered path. */
const removeMember = (id: string) => ({
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
});

describe('SCIM Groups: the two roles, Administrators and Staff (RFC 7644 §3.4)', () => {
  it('lists both groups with their members, each member with its name and location', async () => {
    const { admin, token, ann, ben } = await provisioned();
    const listed = await scim(token, GROUPS);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toContain('application/scim+json');
    expect(listed.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
    });
    const [administrators, staff] = listed.body.Resources;
    expect(administrators).toEqual({
      schemas: [GROUP_SCHEMA],
      id: 'admin',
      displayName: 'Administrators',
      members: [
        {
          value: admin.user.id,
          display: admin.user.fullName,
          type: 'User',
          $ref: expect.stringMatching(new RegExp(`/api/scim/v2/Users/${admin.user.id}$`)),
        },
      ],
      meta: { resourceType: 'Group', location: expect.stringMatching(/\/api\/scim\/v2\/Groups\/admin$/) },
    });
    expect(staff).toMatchObject({ id: 'staff', displayName: 'Staff' });
    expect(memberIds(staff)).toEqual([ann.id, ben.id].sort());
  });

  it('finds a group by `displayName eq` in any case, answers an empty list for another name, and refuses other filters with invalidFilter', async () => {
    const { token } = await provisioned();
    const found = await scim(token, `${GROUPS}?filter=${encodeURIComponent('displayName eq "staff"')}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id: 'staff', displayName: 'Staff' }] });
    const none = await scim(token, `${GROUPS}?filter=${encodeURIComponent('DisplayName EQ "Engineering"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const refused = await scim(token, `${GROUPS}?filter=${encodeURIComponent('displayName co "Admin"')}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      schemas: [ERROR_SCHEMA],
      status: '400',
      scimType: 'invalidFilter',
      detail: expect.any(String),
    });
  });

  it('leaves the members out when excludedAttributes names them (as Okta and Entra ID ask), or attributes does not', async () => {
    const { token } = await provisioned();
    const excluded = await scim(
      token,
      `${GROUPS}?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Staff"')}`,
    );
    expect(excluded.body.Resources).toEqual([
      { schemas: [GROUP_SCHEMA], id: 'staff', displayName: 'Staff', meta: expect.any(Object) },
    ]);
    const one = await scim(token, `${GROUPS}/admin?attributes=displayName`);
    expect(one.body).not.toHaveProperty('members');
    expect((await scim(token, `${GROUPS}/admin?excludedAttributes=externalId,Members`)).body).not.toHaveProperty('members');
  });

  it('reads one group by id; any other id is 404 in SCIM’s shape', async () => {
    const { admin, token } = await provisioned();
    const read = await scim(token, `${GROUPS}/admin`);
    expect(read.status).toBe(200);
    expect(memberIds(read.body)).toEqual([admin.user.id]);
    for (const id of ['Administrators', '01ARZ3NDEKTSV4RRFFQ69G5FAV']) {
      const missing = await scim(token, `${GROUPS}/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ schemas: [ERROR_SCHEMA], status: '404', detail: expect.any(String) });
    }
  });

  it('shows each person’s group on their User resource', async () => {
    const { admin, token, ann } = await provisioned();
    expect((await scim(token, `${USERS}/${admin.user.id}`)).body.groups).toEqual([
      { value: 'admin', display: 'Administrators', type: 'direct' },
    ]);
    expect((await scim(token, `${USERS}/${ann.id}`)).body.groups).toEqual([{ value: 'staff', display: 'Staff', type: 'direct' }]);
  });
});

describe('SCIM Groups: membership is the role (RFC 7644 §3.5)', () => {
  it('PATCH add to Administrators makes the people admins, and remove makes one staff again: 204, each change audited by SCIM and told to the person', async () => {
    const { admin, token, ann, ben } = await provisioned();
    const added = await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: addMembers(ann.id, ben.id) });
    expect(added.status).toBe(204);
    expect(await groupOf(token, ann.id)).toEqual(['admin']);
    expect(memberIds((await scim(token, `${GROUPS}/admin`)).body)).toEqual([admin.user.id, ann.id, ben.id].sort());
    const removed = await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: removeMember(ben.id) });
    expect(removed.status).toBe(204);
    expect(await groupOf(token, ben.id)).toEqual(['staff']);
    const entries = await storedAuditEntries(admin.orgId, 'user.role_changed');
    expect(entries.map((entry) => [entry.target.id, entry.details])).toEqual(
      expect.arrayContaining([
        [ann.id, { from: 'staff', to: 'admin' }],
        [ben.id, { from: 'staff', to: 'admin' }],
        [ben.id, { from: 'admin', to: 'staff' }],
      ]),
    );
    expect(entries).toHaveLength(3);
    for (const entry of entries) expect(entry.actor).toEqual({ id: 'scim', fullName: 'SCIM', username: '' });
  });

  it('PATCH add to Staff demotes an admin; adding someone already in the group or removing a non-member changes nothing', async () => {
    const { admin, token, ann, ben } = await provisioned();
    await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: addMembers(ann.id) });
    expect((await scim(token, `${GROUPS}/staff`, { method: 'PATCH', body: addMembers(ann.id, ben.id) })).status).toBe(204);
    expect(await groupOf(token, ann.id)).toEqual(['staff']);
    expect((await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: removeMember(ben.id) })).status).toBe(204);
    expect(await groupOf(token, ben.id)).toEqual(['staff']);
    expect((await storedAuditEntries(admin.orgId, 'user.role_changed')).map((entry) => entry.details)).toEqual([
      { from: 'admin', to: 'staff' },
      { from: 'staff', to: 'admin' },
    ]);
  });

  it('PATCH in Entra ID’s shapes: Add with a value object, Remove with the path members and a value list', async () => {
    const { token, ann } = await provisioned();
    const add = { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Add', value: { members: [{ value: ann.id }] } }] };
    expect((await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: add })).status).toBe(204);
    expect(await groupOf(token, ann.id)).toEqual(['admin']);
    const remove = { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Remove', path: 'members', value: [{ value: ann.id }] }] };
    expect((await scim(token, `${GROUPS}/admin`, { method: 'PATCH', body: remove })).status).toBe(204);
    expect(await groupOf(token, ann.id)).toEqual(['staff']);
  });

  it('PUT replaces the group’s members: the new admins first, then the old ones become staff; answers the group as it is now', async () => {
    const { admin, token, ann } = await provisioned();
    const replaced = await scim(token, `${GROUPS}/admin`, {
      method: 'PUT',
      body: { schemas: [GROUP_SCHEMA], displayName: 'Administrators', members: [{ value: ann.id }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: 'admin', displayName: 'Administrators' });
    expect(memberIds(replaced.body)).toEqual([ann.id]);
    expect((await admin.call('/api/user')).body.roles[0].role).toBe('staff');
    // The old admin made the token: it stops with their role (decision 069).
    expect((await scim(token, USERS)).status).toBe(401);
  });

  it('the last admin cannot leave Administrators, by PATCH remove, PATCH add to Staff or PUT: 409 in SCIM’s shape, nothing changed', async () => {
    const { admin, token } = await provisioned();
    const attempts = [
      [`${GROUPS}/admin`, 'PATCH', removeMember(admin.user.id)],
      [`${GROUPS}/staff`, 'PATCH', addMembers(admin.user.id)],
      [`${GROUPS}/admin`, 'PUT', { schemas: [GROUP_SCHEMA], displayName: 'Administrators', members: [] }],
      [`${GROUPS}/admin`, 'PATCH', { schemas: [PATCH_SCHEMA], Operations: [{ op: 'remove', path: 'members' }] }],
    ] as const;
    for (const [path, method, body] of attempts) {
      const refused = await scim(token, path, { method, body });
      expect(refused.status, `${method} ${path}`).toBe(409);
      expect(refused.body).toEqual({
        schemas: [ERROR_SCHEMA],
        status: '409',
        detail: expect.stringContaining('at least one administrator'),
      });
    }
    expect(await groupOf(token, admin.user.id)).toEqual(['admin']);
    expect(await storedAuditEntries(admin.orgId, 'user.role_changed')).toEqual([]);
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it('refuses, writing nothing: leaving Staff, a member of another organization or no user, a new displayName, another attribute, an unknown op', async () => {
    const { admin, token, ann } = await provisioned();
    const stranger = await addMemberDirectly((await registerOrganization()).orgId);
    const refusals = [
      [`${GROUPS}/staff`, removeMember(ann.id), 'invalidValue'],
      [`${GROUPS}/admin`, addMembers(ann.id, stranger.user.id), 'invalidValue'],
      [`${GROUPS}/admin`, addMembers('not-a-user'), 'invalidValue'],
      [
        `${GROUPS}/admin`,
        { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'displayName', value: 'Owners' }] },
        'mutability',
      ],
      [
        `${GROUPS}/admin`,
        { schemas: [PATCH_SCHEMA], Operations: [{ op: 'add', path: 'description', value: 'x' }] },
        'invalidPath',
      ],
      [`${GROUPS}/admin`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'move', path: 'members', value: [] }] }, 'invalidSyntax'],
      [`${GROUPS}/admin`, { schemas: ['urn:example:unknown'], Operations: [] }, 'invalidSyntax'],
    ] as const;
    for (const [path, body, scimType] of refusals) {
      const refused = await scim(token, path, { method: 'PATCH', body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toEqual({
        schemas: [ERROR_SCHEMA],
        status: '400',
        scimType,
        detail: expect.any(String),
      });
    }
    expect(await groupOf(token, ann.id)).toEqual(['staff']);
    expect(await storedAuditEntries(admin.orgId, 'user.role_changed')).toEqual([]);
  });

  it('groups cannot be created or deleted: 501 in SCIM’s shape', async () => {
    const { admin, token } = await provisioned();
    const created = await scim(token, GROUPS, { body: { schemas: [GROUP_SCHEMA], displayName: 'Engineering' } });
    const deleted = await scim(token, `${GROUPS}/admin`, { method: 'DELETE' });
    for (const refused of [created, deleted])
      expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '501', detail: expect.any(String) });
    expect(created.status).toBe(501);
    expect(deleted.status).toBe(501);
    expect(memberIds((await scim(token, `${GROUPS}/admin`)).body)).toEqual([admin.user.id]);
  });

  it('needs a live token of the organization, like every SCIM route', async () => {
    const { token } = await provisioned();
    for (const path of [GROUPS, `${GROUPS}/admin`]) {
      const refused = await scim(`${token.slice(0, -4)}0000`, path);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
    }
  });
});

describe('SCIM Groups reads stay within their budgets (test/integration/budgets)', () => {
  it('GET /Groups and /Groups/{id} make at most their round trips; without members they read nothing but the token and its creator', async () => {
    const { token } = await provisioned();
    const list = { method: 'GET', path: GROUPS } as const;
    const one = { method: 'GET', path: `${GROUPS}/{id}` } as const;
    const listed = await scim(token, GROUPS);
    expect(listed.dbCalls).toBeLessThanOrEqual(budgetOf(list));
    expect(listed.dbReads).toEqual(READ_CONSISTENCY[routeKey(list)]);
    const read = await scim(token, `${GROUPS}/staff`);
    expect(read.dbCalls).toBeLessThanOrEqual(budgetOf(one));
    expect(read.dbReads).toEqual(READ_CONSISTENCY[routeKey(one)]);
    expect((await scim(token, `${GROUPS}?excludedAttributes=members`)).dbReads).toEqual([
      'BatchGetItem:strong',
      'GetItem:strong',
    ]);
  });
});
