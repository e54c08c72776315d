import { describe, expect, it } from 'vitest';
import { accept, invitationMail, invite } from '../invitations/invitation-support';
import { ERROR_SCHEMA, USERS, createScimToken, scim, scimUserBody } from '../scim/scim-support';
import { registerOrganization } from '../support/api';
import { ssoOrganization } from './sso-support';

const DOMAIN_VERIFIED_ELSEWHERE =
  'This email address is at a domain another organization verified for single sign-on: only that organization can add people there.';

/**
 * Issue 63, finding 4: an organization that verified a domain is the only one that makes accounts at
 * it, so nobody elsewhere can squat an address its people will sign in with by SSO.
 */
describe("a verified domain's addresses are made only by the organization that verified it", { timeout: 120_000 }, () => {
  it("refuses another organization's Add User at the domain, and adds the same person for the domain's own organization", async () => {
    const { admin, domain } = await ssoOrganization();
    const other = await registerOrganization();
    const body = { username: `someone@${domain}`, fullName: 'Some One', password: 'squatters-password-1', role: 'staff' };
    const refused = await other.call('/api/organization/users', { body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DOMAIN_VERIFIED_ELSEWHERE);
    expect(
      (await other.call('/api/organization/users', { body: { ...body, username: body.username.toUpperCase() } })).status,
    ).toBe(400);
    expect((await admin.call('/api/organization/users', { body })).status).toBe(201);
  });

  it("refuses another organization's SCIM token at the domain (400 invalidValue)", async () => {
    const { domain } = await ssoOrganization();
    const other = await registerOrganization();
    const { token } = await createScimToken(other);
    const created = await scim(token, USERS, { body: scimUserBody(`provisioned@${domain}`) });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ schemas: [ERROR_SCHEMA], scimType: 'invalidValue', detail: DOMAIN_VERIFIED_ELSEWHERE });
  });

  it("refuses to accept another organization's invitation to the domain with a password", async () => {
    const { domain } = await ssoOrganization();
    const other = await registerOrganization();
    const email = `invited@${domain}`;
    await invite(other, email);
    const { token } = await invitationMail(email);
    const accepted = await accept(token);
    expect(accepted.status).toBe(400);
    expect(accepted.body.message).toBe(DOMAIN_VERIFIED_ELSEWHERE);
  });
});
