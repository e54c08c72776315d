import { describe, expect, it } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { stepUp } from '../support/two-factor';
import { publishRecord, uniqueDomain } from './sso-support';

const DOMAINS = '/api/organization/sso/domains';

async function addDomain(admin: SignedIn, domain: string) {
  await stepUp(admin);
  const added = await admin.call(DOMAINS, { body: { domain } });
  expect(added.status).toBe(201);
  return added.body as { domain: string; txtName: string; txtValue: string };
}

describe('verified domains: adding one', () => {
  it('answers 201 with the domain unverified and the TXT record that proves it, lists it, and records it', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    await stepUp(admin);
    const added = await admin.call(DOMAINS, { body: { domain: `  ${domain.toUpperCase()}. ` } });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      domain,
      verified: false,
      txtName: `_growthwise-verification.${domain}`,
      txtValue: expect.stringMatching(/^growthwise-domain-verification=[0-9a-f]{32}$/),
      createdAt: expect.any(String),
      verifiedAt: null,
    });
    expect((await admin.call(DOMAINS)).body).toEqual([added.body]);
    expect(await storedAuditEntries(admin.orgId, 'sso.domain_added')).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: admin.user.id }),
        target: { type: 'domain', id: domain, label: domain },
      }),
    ]);
  });

  it('asks the admin to confirm it is them first (403 STEP_UP_REQUIRED) and adds nothing', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call(DOMAINS, { body: { domain: uniqueDomain() } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    expect((await admin.call(DOMAINS)).body).toEqual([]);
  });

  it("refuses what is not a domain name with 'Enter a domain name such as example.com'", async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    for (const domain of ['', 'localhost', 'exa mple.com', '-bad.com', '192.168.1.1', 'a'.repeat(64) + '.com', 'ex_ample.com']) {
      const refused = await admin.call(DOMAINS, { body: { domain } });
      expect(refused.status, domain).toBe(400);
      expect(refused.body.fieldErrors, domain).toEqual({ domain: 'Enter a domain name such as example.com' });
    }
    expect((await admin.call(DOMAINS)).body).toEqual([]);
  });

  it('answers 409 for a domain the organization already has', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    await addDomain(admin, domain);
    const again = await admin.call(DOMAINS, { body: { domain } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This domain is already added.');
  });

  it('is for admins: staff are answered 403 on every domain route and change nothing', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    await addDomain(admin, domain);
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    expect((await staff.call(DOMAINS)).status).toBe(403);
    expect((await staff.call(DOMAINS, { body: { domain: uniqueDomain() } })).status).toBe(403);
    expect((await staff.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).status).toBe(403);
    expect((await staff.call(`${DOMAINS}/${domain}`, { method: 'DELETE' })).status).toBe(403);
    expect((await admin.call(DOMAINS)).body).toEqual([expect.objectContaining({ domain, verified: false })]);
  });
});

describe('verified domains: verifying one by its TXT record', () => {
  it('verifies the domain once the record holds the value, and records it', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    const added = await addDomain(admin, domain);
    // Beside other records, as a real domain's TXT records are (SPF, other services' proofs).
    await publishRecord(added.txtName, ['v=spf1 -all', added.txtValue]);
    const verified = await admin.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ...added, verified: true, createdAt: expect.any(String), verifiedAt: expect.any(String) });
    expect((await admin.call(DOMAINS)).body).toEqual([verified.body]);
    expect(await storedAuditEntries(admin.orgId, 'sso.domain_verified')).toEqual([
      expect.objectContaining({ target: { type: 'domain', id: domain, label: domain } }),
    ]);
    // A second click changes nothing and records nothing more.
    expect((await admin.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).body).toEqual(verified.body);
    expect(await storedAuditEntries(admin.orgId, 'sso.domain_verified')).toHaveLength(1);
  });

  it('answers 400 saying no record was found, and leaves the domain unverified', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    const added = await addDomain(admin, domain);
    const refused = await admin.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `No TXT record was found at ${added.txtName}. Add one with the value ${added.txtValue}; DNS changes can take a few minutes to show.`,
    );
    expect((await admin.call(DOMAINS)).body).toEqual([expect.objectContaining({ domain, verified: false })]);
    expect(await storedAuditEntries(admin.orgId, 'sso.domain_verified')).toEqual([]);
  });

  it('answers 400 quoting the records it found when none holds the value', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    const added = await addDomain(admin, domain);
    await publishRecord(added.txtName, ['growthwise-domain-verification=0123456789abcdef0123456789abcdef']);
    const refused = await admin.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `The TXT records at ${added.txtName} are "growthwise-domain-verification=0123456789abcdef0123456789abcdef": none is ${added.txtValue}.`,
    );
    expect((await admin.call(DOMAINS)).body).toEqual([expect.objectContaining({ verified: false })]);
  });

  it('answers 400 saying the lookup failed when the DNS server fails', async () => {
    const admin = await registerOrganization();
    const domain = uniqueDomain();
    const added = await addDomain(admin, domain);
    await publishRecord(added.txtName, { rcode: 2 });
    const refused = await admin.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`The DNS lookup of ${added.txtName} failed (ESERVFAIL). Try again in a few minutes.`);
  });

  it('answers 404 for a domain the organization has not added, and for what is not a domain', async () => {
    const admin = await registerOrganization();
    expect((await admin.call(`${DOMAINS}/${uniqueDomain()}/verify`, { method: 'POST' })).status).toBe(404);
    expect((await admin.call(`${DOMAINS}/not_a_domain/verify`, { method: 'POST' })).status).toBe(404);
  });
});

describe('verified domains: one organization per domain', () => {
  it('answers 409 to another organization adding or verifying a domain verified first by one', async () => {
    const first = await registerOrganization();
    const second = await registerOrganization();
    const domain = uniqueDomain();
    const theirs = await addDomain(first, domain);
    // The second adds it before the first verifies: both may try, the first verification wins.
    const ours = await addDomain(second, domain);
    await publishRecord(theirs.txtName, [theirs.txtValue, ours.txtValue]);
    expect((await first.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).status).toBe(200);

    const lost = await second.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' });
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe('This domain is verified by another organization.');
    expect((await second.call(DOMAINS)).body).toEqual([expect.objectContaining({ domain, verified: false })]);
    expect(await storedAuditEntries(second.orgId, 'sso.domain_verified')).toEqual([]);

    const third = await registerOrganization();
    await stepUp(third);
    const refused = await third.call(DOMAINS, { body: { domain } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This domain is verified by another organization.');
    expect((await third.call(DOMAINS)).body).toEqual([]);
  });

  it('frees the domain when its organization removes it: another may then verify it', async () => {
    const first = await registerOrganization();
    const second = await registerOrganization();
    const domain = uniqueDomain();
    const theirs = await addDomain(first, domain);
    await publishRecord(theirs.txtName, [theirs.txtValue]);
    expect((await first.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).status).toBe(200);

    const removed = await first.call(`${DOMAINS}/${domain}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await first.call(DOMAINS)).body).toEqual([]);
    expect(await storedAuditEntries(first.orgId, 'sso.domain_removed')).toEqual([
      expect.objectContaining({ target: { type: 'domain', id: domain, label: domain } }),
    ]);

    const ours = await addDomain(second, domain);
    await publishRecord(ours.txtName, [ours.txtValue]);
    expect((await second.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).status).toBe(200);
  });

  it('removing an unverified domain leaves another organization’s verification of it alone', async () => {
    const first = await registerOrganization();
    const second = await registerOrganization();
    const domain = uniqueDomain();
    const theirs = await addDomain(first, domain);
    await addDomain(second, domain);
    await publishRecord(theirs.txtName, [theirs.txtValue]);
    expect((await first.call(`${DOMAINS}/${domain}/verify`, { method: 'POST' })).status).toBe(200);
    await stepUp(second);
    expect((await second.call(`${DOMAINS}/${domain}`, { method: 'DELETE' })).status).toBe(200);
    // Still the first's: a third organization is refused.
    const third = await registerOrganization();
    await stepUp(third);
    expect((await third.call(DOMAINS, { body: { domain } })).status).toBe(409);
  });
});
