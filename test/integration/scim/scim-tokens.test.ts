import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { registerOrganization, request } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { stepUp } from '../support/two-factor';
import { ERROR_SCHEMA, USERS, createScimToken, scim } from './scim-support';

const TOKENS = '/api/organization/scim-tokens';

describe('SCIM tokens: an admin creates and revokes them', () => {
  it('answers 201 with the token shown once, lists it without the token, records its last use, and audits the creation', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    const created = await admin.call(TOKENS, { body: { name: '  Okta  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Okta',
      token: expect.stringMatching(/^gwscim_/),
      createdAt: expect.any(String),
    });
    const listed = await admin.call(TOKENS);
    expect(listed.body).toEqual([
      {
        id: created.body.id,
        name: 'Okta',
        createdAt: created.body.createdAt,
        createdBy: { id: admin.user.id, fullName: admin.user.fullName },
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    expect((await scim(created.body.token, USERS)).status).toBe(200);
    expect((await admin.call(TOKENS)).body[0].lastUsedAt).toEqual(expect.any(String));
    expect(await storedAuditEntries(admin.orgId, 'scim.token_created')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'scim_token', id: created.body.id, label: 'Okta' },
      }),
    ]);
  });

  it('asks the admin to confirm it is them first (403 STEP_UP_REQUIRED), refuses staff, and needs a name', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call(TOKENS, { body: { name: 'Okta' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await staff.call(TOKENS, { body: { name: 'Okta' } })).status).toBe(403);
    expect((await staff.call(TOKENS)).status).toBe(403);
    await stepUp(admin);
    const unnamed = await admin.call(TOKENS, { body: { name: '   ' } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.fieldErrors).toEqual({ name: 'Enter a name of 1 to 100 characters, such as Okta' });
    expect((await admin.call(TOKENS)).body).toEqual([]);
  });

  it('a revoked token is refused at once with 401 in SCIM’s error shape, and the revocation is audited', async () => {
    const admin = await registerOrganization();
    const { id, token } = await createScimToken(admin);
    await stepUp(admin);
    const revoked = await admin.call(`${TOKENS}/${id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const refused = await scim(token, USERS);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toContain('application/scim+json');
    expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
    expect((await admin.call(TOKENS)).body).toEqual([]);
    expect(await storedAuditEntries(admin.orgId, 'scim.token_revoked')).toHaveLength(1);
  });

  it('another organization’s token id is 404 to revoke, and its token never reaches this organization’s people', async () => {
    const [ours, theirs] = await Promise.all([registerOrganization(), registerOrganization()]);
    const { id } = await createScimToken(theirs);
    const { token } = await createScimToken(theirs);
    await stepUp(ours);
    expect((await ours.call(`${TOKENS}/${id}`, { method: 'DELETE' })).status).toBe(404);
    const member = await addMemberDirectly(ours.orgId);
    expect((await scim(token, `${USERS}/${member.user.id}`)).status).toBe(404);
    const filtered = await scim(token, `${USERS}?filter=${encodeURIComponent(`userName eq "${member.email}"`)}`);
    expect(filtered.body.totalResults).toBe(0);
  });

  it('no token, a malformed one, or a right-shaped one with a wrong secret is 401', async () => {
    const admin = await registerOrganization();
    const { token } = await createScimToken(admin);
    const wrongSecret = token.replace(/_[0-9a-f]{64}$/, `_${'0'.repeat(64)}`);
    for (const authorization of [undefined, 'Bearer nonsense', `Basic ${token}`, `Bearer ${wrongSecret}`]) {
      const refused = await request(USERS, { headers: authorization ? { authorization } : {} });
      expect(refused.status, authorization).toBe(401);
      expect(refused.body.schemas).toEqual([ERROR_SCHEMA]);
    }
  });
});
